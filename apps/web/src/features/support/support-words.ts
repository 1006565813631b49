import type { SupportStatus } from '@karta/shared/schemas/support';

/** A conversation's status in the seller's words: what happens next. */
export const SELLER_STATUS_WORDS: Record<SupportStatus, string> = {
  open: 'Waiting for the Karta team',
  waiting_for_seller: 'The Karta team answered',
  resolved: 'Resolved',
};

/** The tone of docs/brand.md's status colours for each. */
export const STATUS_TONES: Record<SupportStatus, string> = {
  open: 'bg-pending-bg text-pending',
  waiting_for_seller: 'bg-processing-bg text-processing',
  resolved: 'bg-approved-bg text-approved',
};
