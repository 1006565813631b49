import { formatKoboForPeople } from './money';

/** ₦200,000 rather than ₦200,000.00: the limits are whole naira, as people say them. */
export const formatLimit = (kobo: bigint) => formatKoboForPeople(kobo).replace(/\.00$/, '');
const naira = formatLimit;

/**
 * The KYC tiers (decision 063): how well Karta knows a seller decides what they may withdraw.
 * 0 e-mail confirmed (no withdrawal), 1 BVN verified, 2 + NIN verified, 3 + an ID, a selfie and
 * a proof of address approved by an operator. The limits are the server's configuration; the
 * tiers, what each needs and the words that name them live here, once, for the API and the web.
 */
export type KycTier = 0 | 1 | 2 | 3;
/** A tier that lets money leave (tier 0 cannot withdraw). */
export type WithdrawingTier = Exclude<KycTier, 0>;

/** What a seller sends to reach a tier, in the order the guided flow asks for it. */
export const KYC_NEEDS = ['bvn', 'nin', 'id_document', 'selfie', 'proof_of_address'] as const;
export type KycNeed = (typeof KYC_NEEDS)[number];

export const TIER_NEEDS: Readonly<Record<WithdrawingTier, readonly KycNeed[]>> = {
  1: ['bvn'],
  2: ['nin'],
  3: ['id_document', 'selfie', 'proof_of_address'],
};

/**
 * Where the seller's verification stands: `unverified` at tier 0, `verified` at 1 and above with
 * nothing waiting; `pending_review` and `rejected` are the documents' states (an operator checks
 * them for tier 3, a later round).
 */
export const KYC_STATUSES = ['unverified', 'verified', 'pending_review', 'rejected'] as const;

export const nextTierOf = (tier: KycTier): WithdrawingTier | null =>
  tier === 3 ? null : ((tier + 1) as WithdrawingTier);

/** A tier's withdrawal limits in kobo: per Lagos day and per withdrawal. */
export interface TierLimitsKobo {
  dailyKobo: bigint;
  singleKobo: bigint;
}

/** Every withdrawing tier's limits, as the server's configuration sets them. */
export type TierLadder = Readonly<Record<WithdrawingTier, TierLimitsKobo>>;

/** The tier's own limits; tier 0 has none to spend. */
export const tierLimitsOf = (ladder: TierLadder, tier: KycTier): TierLimitsKobo =>
  tier === 0 ? { dailyKobo: 0n, singleKobo: 0n } : ladder[tier];

/** What the next step is, in words that finish "… to raise it to ₦X". */
const RAISE_STEP: Readonly<Record<WithdrawingTier, string>> = {
  1: 'Verify your BVN',
  2: 'Verify your NIN',
  3: 'Have an operator check your ID, a selfie and a proof of address',
};

/**
 * "Your tier lets you withdraw ₦200,000 a day. Verify your NIN to raise it to ₦1,000,000.":
 * the tier's limit and what raises it, or the limit alone when the next tier does not raise it
 * (or there is none).
 */
export function tierLimitMessage(
  ladder: TierLadder,
  tier: KycTier,
  which: 'daily' | 'single',
): string {
  const key = which === 'daily' ? 'dailyKobo' : 'singleKobo';
  const own = tierLimitsOf(ladder, tier)[key];
  const per = which === 'daily' ? 'a day' : 'at a time';
  const limit =
    own === 0n
      ? 'Your tier does not let you withdraw yet.'
      : `Your tier lets you withdraw ${naira(own)} ${per}.`;
  const next = nextTierOf(tier);
  if (next === null) return limit;
  const raised = ladder[next][key];
  if (raised <= own) return limit;
  return `${limit} ${RAISE_STEP[next]} to raise it to ${naira(raised)}.`;
}
