import type { SupportStatus } from '@karta/shared/schemas/support';

/** A conversation's status in the desk's words. */
export const DESK_STATUS_WORDS: Record<SupportStatus, string> = {
  open: 'Waiting for us',
  waiting_for_seller: 'Waiting for the seller',
  resolved: 'Resolved',
};

export const DESK_STATUS_TONES: Record<SupportStatus, string> = {
  open: 'bg-pending-bg text-pending',
  waiting_for_seller: 'bg-processing-bg text-processing',
  resolved: 'bg-approved-bg text-approved',
};

/** "waiting 2 h 5 min": how long the seller has waited for our answer. */
export function waitedWords(minutes: number): string {
  if (minutes < 60) return `waiting ${String(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `waiting ${String(hours)} h ${String(minutes % 60)} min`;
  return `waiting ${String(Math.floor(hours / 24))} days`;
}
