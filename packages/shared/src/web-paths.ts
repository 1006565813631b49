/**
 * The few addresses of the web app that the API writes too (the bell's notices link to a
 * record): built here once, so apps/web/src/config/paths.ts and the API cannot drift apart.
 */
const history = '/dashboard/transaction-history';

/** The lists whose records a notice links to (`…/{id}` under each). */
export const recordLists = {
  trades: `${history}/trades`,
  /** A withdrawal's address carries its reference (the spec's `transaction_id`). */
  withdrawals: `${history}/withdrawal`,
} as const;

/** One record under a list's address. */
export const recordHref = (list: string, id: string) => `${list}/${encodeURIComponent(id)}`;

export const tradeHref = (tradeId: string) => recordHref(recordLists.trades, tradeId);
export const withdrawalHref = (reference: string) => recordHref(recordLists.withdrawals, reference);
/** Where the wallet balance shows: for money that has no record page of its own. */
export const overviewHref = () => '/dashboard/overview';
/** Settings › Verification: the KYC tiers and the NIN (decision 063); the tier-1 mail links here. */
export const verificationHref = () => '/dashboard/settings/verification';

/** Tier 3's documents form (decision 066): where a rejection's notice and mail send the seller. */
export const kycDocumentsHref = () => '/dashboard/settings/verification/documents';

/** The seller's messages with the Karta team (decision 070): the inbox, and one conversation. */
export const supportInboxHref = () => '/dashboard/messages';
export const supportConversationHref = (conversationId: string) =>
  recordHref(supportInboxHref(), conversationId);
