const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A wait in an operator's words: "under a minute", "12 min", "2 h 5 min", "3 days 4 h".
 * Whole units, rounded down, two at most: precise enough to act on, short enough for a tile.
 */
export function formatWait(seconds: number): string {
  if (seconds < MINUTE) return 'under a minute';
  if (seconds < HOUR) return `${String(Math.floor(seconds / MINUTE))} min`;
  if (seconds < DAY) {
    const hours = Math.floor(seconds / HOUR);
    const minutes = Math.floor((seconds % HOUR) / MINUTE);
    return minutes > 0 ? `${String(hours)} h ${String(minutes)} min` : `${String(hours)} h`;
  }
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  const dayWord = days === 1 ? '1 day' : `${String(days)} days`;
  return hours > 0 ? `${dayWord} ${String(hours)} h` : dayWord;
}
