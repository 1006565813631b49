import { formatLimit, type KycTier } from '@karta/shared/kyc-tiers';
import type { KycTierLimits } from '@karta/shared/schemas/kyc';
import { toKobo } from '../../../lib/format-money';

/** What each tier asks of the seller, in their words. */
const DONE: Readonly<Record<KycTier, string>> = {
  0: 'E-mail confirmed',
  1: 'BVN verified',
  2: 'NIN verified, the same person as your BVN',
  3: 'An ID, a selfie and a proof of address checked by an operator',
};

const naira = (amount: number) => formatLimit(BigInt(toKobo(amount)));

function unlocks(tier: KycTier, tiers: KycTierLimits[]): string {
  const limits = tiers.find((each) => each.tier === tier);
  if (tier === 0 || !limits) return 'You can sell cards. No withdrawals yet.';
  return `Withdraw up to ${naira(limits.daily_withdrawal)} a day, ${naira(limits.single_withdrawal)} at a time.`;
}

/**
 * The ladder (decision 063): every tier, what it asks and what it lets the seller withdraw
 * (the server's configuration), and where the seller stands.
 */
export function TierLadder({ tier, tiers }: { tier: KycTier; tiers: KycTierLimits[] }) {
  return (
    <ol aria-label="Verification tiers" className="flex flex-col gap-2">
      {([0, 1, 2, 3] as const).map((each) => {
        const isCurrent = each === tier;
        const isDone = each < tier;
        return (
          <li
            key={each}
            aria-current={isCurrent ? 'step' : undefined}
            className={`flex flex-col gap-1 rounded-[12px] border p-3 sm:flex-row sm:items-center sm:justify-between ${
              isCurrent ? 'border-brand bg-brand/5' : 'border-line bg-white'
            }`}
          >
            <div>
              <p className="font-semibold text-ink">
                Tier {each} · {DONE[each]}
              </p>
              <p className="text-sm text-slate">{unlocks(each, tiers)}</p>
            </div>
            {isCurrent ? (
              <span className="text-sm font-semibold text-brand">You are here</span>
            ) : isDone ? (
              <span className="text-sm font-semibold text-approved">Done</span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
