import { parseNairaToKobo } from '@karta/shared/money';
import {
  movesMoreThan,
  needsSecondRateApproval,
  rateMovePercent,
} from '@karta/shared/rate-four-eyes';
import { readRateText } from '@karta/shared/rate-sheet';
import type { RateSheetEntry } from '@karta/shared/schemas/rate-sheet';

/** A move larger than this, either way, is highlighted in the review: likely a typo. */
export const BIG_MOVE_PERCENT = 10;
/** `POST /admin/catalog/rates` takes at most this many rates in one call. */
export const MAX_PUBLISH = 1000;

/** One edited rate: the row as it was, and the text the operator typed or pasted. */
interface DraftRate {
  entry: RateSheetEntry;
  text: string;
}

/** The draft by subcategory id; a row typed back to its old rate leaves it. */
export type RateDraft = ReadonlyMap<string, DraftRate>;

export interface RateChange {
  entry: RateSheetEntry;
  oldKobo: bigint;
  newKobo: bigint;
  /** (new − old) / old × 100, to one decimal. */
  percent: number;
  isBigMove: boolean;
  /**
   * Moves more than RATE_FOUR_EYES_PERCENT: publishing holds it back until a second staff
   * member confirms it (decision 049). The API's own rule, so the review marks what will wait.
   */
  waitsForSecondApproval: boolean;
}

const oldKoboOf = (entry: RateSheetEntry) => parseNairaToKobo(entry.rate);

/** The draft with one row set to `text`, or without it when `text` is the old rate again. */
export function setDraftRate(draft: RateDraft, entry: RateSheetEntry, text: string): RateDraft {
  const next = new Map(draft);
  if (readRateText(text) === oldKoboOf(entry)) next.delete(entry.id);
  else next.set(entry.id, { entry, text });
  return next;
}

/** Rows whose text is not a rate: the review waits until they are mended. */
export const invalidRows = (draft: RateDraft) =>
  [...draft.values()].filter(({ text }) => readRateText(text) === undefined);

/** The draft's real changes, in the order they were made, each with its move in percent. */
export function listChanges(draft: RateDraft): RateChange[] {
  const changes: RateChange[] = [];
  for (const { entry, text } of draft.values()) {
    const newKobo = readRateText(text);
    const oldKobo = oldKoboOf(entry);
    if (newKobo === undefined || newKobo === oldKobo) continue;
    changes.push({
      entry,
      oldKobo,
      newKobo,
      percent: rateMovePercent(oldKobo, newKobo),
      // Judged on the exact kobo, not the rounded figure: 10.04 % is a big move too.
      isBigMove: movesMoreThan(oldKobo, newKobo, BIG_MOVE_PERCENT),
      waitsForSecondApproval: needsSecondRateApproval(oldKobo, newKobo),
    });
  }
  return changes;
}
