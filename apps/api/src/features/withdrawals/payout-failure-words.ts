/**
 * What a seller reads when a payout fails: what happened and what to do, never the provider's
 * own words (they can be technical, English for a bank's staff, or a sandbox's). The provider's
 * words are kept beside them (`provider_reason`) for the money desk.
 */
const BY_CAUSE: [RegExp, string][] = [
  [
    /account.*(not found|invalid|could not|cannot be resolved|does not exist)|invalid account|unknown account/i,
    'The bank could not find this account. Check the account number, then withdraw again.',
  ],
  [
    /declin|reject|not permitted|restrict|dormant|frozen|blocked|post no debit|pnd/i,
    'The receiving bank declined the transfer. Check the account with your bank, or withdraw to another account.',
  ],
  [
    /timeout|timed out|unavailable|not available|try again|network|downtime/i,
    'The receiving bank could not be reached. Please withdraw again in a little while.',
  ],
  [
    /limit|exceed/i,
    'The receiving bank refused the amount. Try a smaller amount, or another account.',
  ],
];

const GENERAL =
  'The receiving bank did not accept the transfer. Please try again, or use another account.';

export function sellerWordsForPayoutFailure(providerReason: string | null): string {
  if (!providerReason) return GENERAL;
  return BY_CAUSE.find(([pattern]) => pattern.test(providerReason))?.[1] ?? GENERAL;
}
