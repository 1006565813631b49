import { TIME_ZONE } from '@karta/shared/dates';

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "21 Nov 2026, 14:02" in Lagos time (BRAND.md), whatever the phone's own time zone. Built
 * from parts because locales disagree on the order and on "Sep" or "Sept".
 */
export function formatLagosDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    PARTS.formatToParts(date).find((item) => item.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}
