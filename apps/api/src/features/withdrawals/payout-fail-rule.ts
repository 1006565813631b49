import type { TransferStatus } from '../../adapters/payouts/payouts';

/** What the provider said when asked about a payout, as the desk keeps it (`payout_events`). */
export type ProviderAnswer = TransferStatus | 'not_found' | 'unavailable';

/** Why an admin may not fail a payout and refund it. */
export type FailRefusal = 'paid' | 'pending' | 'requested' | 'unavailable';

/**
 * Whether the provider's answer lets an admin fail the payout and refund the seller (decision
 * 052): only when it says the provider will never pay it. "Failed" and "reversed" are final
 * there. "No such transfer" is safe only while we never asked it to pay: the worker writes
 * `requested` (under the withdrawal's lock) before it sends the transfer, and after that a "not
 * found" may be a transfer still on its way. "Pending" may still be paid, "paid" was, and no
 * answer says nothing: each is refused, and refunding waits for the provider's word.
 */
export function failRefusalOf(
  answer: ProviderAnswer,
  transferRequested: boolean,
): FailRefusal | null {
  switch (answer) {
    case 'failed':
    case 'reversed':
      return null;
    case 'not_found':
      return transferRequested ? 'requested' : null;
    case 'succeeded':
      return 'paid';
    case 'pending':
      return 'pending';
    case 'unavailable':
      return 'unavailable';
  }
}
