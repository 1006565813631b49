import { BANK_ACCOUNT_DIGITS } from '@karta/shared/constants';
import type { Bank, ResolvedAccount } from '@karta/shared/schemas/finance';
import { useEffect, useState } from 'react';
import { getErrorMessage, isQueryError } from '../../lib/api-error';
import { useVerifyBankAccountMutation } from '../../lib/bank-api';

export type AccountResolution =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'resolved'; account: ResolvedAccount }
  /** `isRetryable`: the bank could not be reached, so the same number may resolve later. */
  | { status: 'failed'; message: string; isRetryable: boolean };

export type AccountResolutionState = AccountResolution & {
  /** Asks the bank again for the same bank and number. */
  retry: () => void;
};

const COMPLETE_NUMBER = new RegExp(`^\\d{${String(BANK_ACCOUNT_DIGITS)}}$`);

/**
 * The account name for a bank and a 10-digit number (docs/product.md §1: it "appears automatically").
 * Asked as soon as both are there; an answer for a bank or number the user has since changed
 * is dropped, so the name on screen always belongs to what is typed.
 */
export function useAccountResolution(
  bank: Bank | null,
  accountNumber: string,
): AccountResolutionState {
  const [verify] = useVerifyBankAccountMutation();
  const [attempt, setAttempt] = useState(0);
  const key =
    bank && COMPLETE_NUMBER.test(accountNumber) ? `${String(bank.id)}|${accountNumber}` : null;
  const [answer, setAnswer] = useState<{ key: string; resolution: AccountResolution } | null>(null);

  useEffect(() => {
    if (!key || !bank) return;
    let isCurrent = true;
    verify({ bank_id: bank.id, account_bank: bank.code, account_number: accountNumber })
      .unwrap()
      .then((account) => {
        if (isCurrent) setAnswer({ key, resolution: { status: 'resolved', account } });
      })
      .catch((error: unknown) => {
        if (isCurrent) {
          const status = isQueryError(error) ? error.status : null;
          const isRetryable = typeof status !== 'number' || status === 429 || status >= 500;
          setAnswer({
            key,
            resolution: { status: 'failed', message: getErrorMessage(error), isRetryable },
          });
        }
      });
    return () => {
      isCurrent = false;
    };
  }, [key, bank, accountNumber, verify, attempt]);

  const retry = () => {
    setAnswer(null);
    setAttempt((count) => count + 1);
  };
  if (!key) return { status: 'idle', retry };
  return answer?.key === key ? { ...answer.resolution, retry } : { status: 'checking', retry };
}
