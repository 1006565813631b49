import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import type { Bank } from '@karta/shared/schemas/finance';
import type { Withdrawal, WithdrawalTerms } from '@karta/shared/schemas/withdrawals';

const gtBank: Bank = { id: 1, name: 'Guaranty Trust Bank', code: '058' };
const accessBank: Bank = { id: 2, name: 'Access Bank', code: '044' };
const opay: Bank = { id: 3, name: 'OPay', code: '999992' };
export const banks: Bank[] = [accessBank, gtBank, opay];

export const savedGtBank: BeneficiaryAccount = {
  id: 'ben-1',
  bank_name: 'Guaranty Trust Bank',
  account_name: 'AMAKA OBI',
  account_number: '0123456322',
  needs_approval: false,
};

/** The default tiers' limits (decision 063). */
const DEFAULT_TIERS: WithdrawalTerms['tiers'] = [
  { tier: 1, daily_withdrawal: 200_000, single_withdrawal: 200_000 },
  { tier: 2, daily_withdrawal: 1_000_000, single_withdrawal: 1_000_000 },
  { tier: 3, daily_withdrawal: 5_000_000, single_withdrawal: 1_000_000 },
];

/**
 * ₦50 fee, ₦1,000 to ₦500,000 at a time, ₦1,000,000 a day (none used yet), for a seller at
 * tier 3, whose tier's limits are above the platform's so the platform's hold. Without a `kyc`
 * override, `kyc` says what the platform's figures say: a test that sets `daily_remaining`
 * has withdrawn the rest of the day's limit.
 */
export function makeTerms(overrides: Partial<WithdrawalTerms> = {}): WithdrawalTerms {
  const base = {
    fee: 50,
    min_amount: 1000,
    max_amount: 500_000,
    daily_limit: 1_000_000,
    daily_remaining: 1_000_000,
    tiers: DEFAULT_TIERS,
    ...overrides,
  };
  return {
    ...base,
    kyc: overrides.kyc ?? {
      tier: 3,
      status: 'verified',
      limits: {
        daily_withdrawal: base.daily_limit,
        single_withdrawal: base.max_amount,
        withdrawn_today: base.daily_limit - base.daily_remaining,
        remaining_today: base.daily_remaining,
      },
      next: null,
    },
  };
}

/** The terms of a seller at `tier` (1 or 2) who withdrew `withdrawn` today, with the default limits. */
export function makeTierTerms(tier: 1 | 2, withdrawn = 0): WithdrawalTerms {
  const limit = tier === 1 ? 200_000 : 1_000_000;
  return makeTerms({
    max_amount: 1_000_000,
    daily_limit: 5_000_000,
    daily_remaining: limit - withdrawn,
    kyc: {
      tier,
      status: 'verified',
      limits: {
        daily_withdrawal: limit,
        single_withdrawal: limit,
        withdrawn_today: withdrawn,
        remaining_today: limit - withdrawn,
      },
      next:
        tier === 1
          ? { tier: 2, needs: ['nin'] }
          : { tier: 3, needs: ['id_document', 'selfie', 'proof_of_address'] },
    },
  });
}

/** A pending withdrawal as the API returns it; override what a test is about. */
export function makeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: '6f1c2d3e-0000-4000-8000-000000000001',
    transaction_id: 'wd_6f1c2d3e000040008000000000000001',
    amount: 25_000,
    fee: 50,
    total: 25_050,
    status: 'pending',
    bank_name: 'Guaranty Trust Bank',
    account_name: 'AMAKA OBI',
    account_number: '0123456322',
    failure_reason: null,
    is_automatic: false,
    trade_id: null,
    // 13:02 UTC is 14:02 in Lagos.
    created_at: '2026-11-21T13:02:00.000Z',
    completed_at: null,
    reversed_at: null,
    timeline: [{ status: 'requested', at: '2026-11-21T13:02:00.000Z' }],
    ...overrides,
  };
}
