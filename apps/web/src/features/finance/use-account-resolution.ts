import { BANK_ACCOUNT_DIGITS } from '@karta/shared/constants';
import type { Bank, ResolvedAccount } from '@karta/shared/schemas/finance';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../lib/api-error';
import { useVerifyBankAccountMutation } from './api';

export type AccountResolution =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'resolved'; account: ResolvedAccount }
  | { status: 'failed'; message: string };

const COMPLETE_NUMBER = new RegExp(`^\\d{${String(BANK_ACCOUNT_DIGITS)}}$`);

/**
 * The account name for a bank and a 10-digit number (spec §1: it "appears automatically").
 * Asked as soon as both are there; an answer for a bank or number the user has since changed
 * is dropped, so the name on screen always belongs to what is typed.
 */
export function useAccountResolution(bank: Bank | null, accountNumber: string): AccountResolution {
  const [verify] = useVerifyBankAccountMutation();
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
          setAnswer({ key, resolution: { status: 'failed', message: getErrorMessage(error) } });
        }
      });
    return () => {
      isCurrent = false;
    };
  }, [key, bank, accountNumber, verify]);

  if (!key) return { status: 'idle' };
  return answer?.key === key ? answer.resolution : { status: 'checking' };
}
