/** "waiting 2 h 5 min": how long documents have waited for review. */
export function waitedWords(minutes: number): string {
  if (minutes < 60) return `waiting ${String(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `waiting ${String(hours)} h ${String(minutes % 60)} min`;
  return `waiting ${String(Math.floor(hours / 24))} days`;
}
