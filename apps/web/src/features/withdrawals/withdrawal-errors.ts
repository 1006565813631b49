import { getErrorMessage, getFieldErrors, isQueryError } from '../../lib/api-error';
import type { WithdrawFormValues } from './withdraw-form-schema';

type FormField = keyof WithdrawFormValues;

/** The API's field names and the form field that shows each one's problem. */
const FORM_FIELDS: Record<string, FormField> = {
  amount: 'amount',
  account_number: 'accountNumber',
  bank_id: 'bank',
  account_bank: 'bank',
  beneficiary_account_id: 'destination',
};

export type WithdrawalFailure =
  /** The server wants a verified BVN first. */
  | { kind: 'bvn' }
  /** Too many wrong PINs (429): withdrawals are locked for a while. */
  | { kind: 'locked'; message: string }
  | { kind: 'pin'; message: string }
  /** Problems the form step can show under its fields. */
  | { kind: 'fields'; fields: Partial<Record<FormField, string>> }
  /**
   * Anything else. `isUnknownOutcome`: the connection dropped or the server failed, so the
   * withdrawal may or may not exist; a retry with the same Idempotency-Key settles it.
   */
  | { kind: 'other'; message: string; isUnknownOutcome: boolean };

/** Sorts a failed withdrawal request by where the screen should show it. */
export function classifyWithdrawalError(error: unknown): WithdrawalFailure {
  const fieldErrors = getFieldErrors(error);
  if (fieldErrors.bvn !== undefined) return { kind: 'bvn' };
  const status = isQueryError(error) ? error.status : null;
  if (status === 429) return { kind: 'locked', message: getErrorMessage(error) };
  if (fieldErrors.pin) return { kind: 'pin', message: fieldErrors.pin };
  const fields: Partial<Record<FormField, string>> = {};
  for (const [apiField, message] of Object.entries(fieldErrors)) {
    const formField = FORM_FIELDS[apiField];
    if (formField && !fields[formField]) fields[formField] = message;
  }
  if (Object.keys(fields).length > 0) return { kind: 'fields', fields };
  return {
    kind: 'other',
    message: getErrorMessage(error),
    isUnknownOutcome: typeof status !== 'number' || status >= 500,
  };
}
