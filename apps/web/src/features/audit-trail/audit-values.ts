import { formatKoboForPeople, parseNairaToKobo } from '@karta/shared/money';
import { formatLagosDateTime } from '../../lib/format-date';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const KOBO_TEXT = /^-?\d+$/;
/** Keys whose numbers the code writes as naira (rates are naira per unit of the card's currency). */
const NAIRA_KEYS = new Set(['rate', 'amount', 'final_value', 'expected_value']);

/** "final_kobo" → "Final"; "claimed_until" → "Claimed until": a key as people read it. */
export function formatAuditKey(key: string): string {
  const words = key
    .replace(/_kobo$/, '')
    .replaceAll('_', ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const formatNaira = (naira: number) => {
  const kobo = parseNairaToKobo(Math.abs(naira));
  return formatKoboForPeople(naira < 0 ? -kobo : kobo);
};

/**
 * One value of a before/after as people read it: kobo (text, as the API writes bigints) in
 * naira, instants in Lagos time, yes/no, and "—" for nothing.
 */
export function formatAuditValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (key.endsWith('_kobo') && typeof value === 'string' && KOBO_TEXT.test(value)) {
    return formatKoboForPeople(BigInt(value));
  }
  if (key.endsWith('_kobo') && typeof value === 'number' && Number.isInteger(value)) {
    return formatKoboForPeople(BigInt(value));
  }
  if (NAIRA_KEYS.has(key) && typeof value === 'number') return formatNaira(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatLagosDateTime(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface AuditKeyChange {
  key: string;
  before: unknown;
  after: unknown;
  isChanged: boolean;
}

/** Every key of either side, in the order the code wrote them, and whether it changed. */
export function compareAuditStates(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditKeyChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const old = before?.[key];
    const next = after?.[key];
    return {
      key,
      before: old,
      after: next,
      // A key missing on one side and null on the other says the same thing: nothing.
      isChanged: JSON.stringify(old ?? null) !== JSON.stringify(next ?? null),
    };
  });
}
