const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a moment was, in a queue's words: "just now", "12 min ago", "3 h ago",
 * "2 days ago". Whole units, rounded down, so nothing looks fresher than it is not.
 */
export function formatAge(iso: string, now: number): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${String(Math.floor(elapsed / MINUTE))} min ago`;
  if (elapsed < DAY) return `${String(Math.floor(elapsed / HOUR))} h ago`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 day ago' : `${String(days)} days ago`;
}
