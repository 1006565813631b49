/**
 * Passes on the first of a run of like events, then at most one every `quietMs`, with how many
 * it held back in between. A database restart under load fails hundreds of calls in a second;
 * hundreds of identical log lines would bury the one that says what happened.
 */
export function oncePerBurst<T>(
  report: (event: T, heldBack: number) => void,
  quietMs = 10_000,
): (event: T) => void {
  let lastReportedAt = Number.NEGATIVE_INFINITY;
  let heldBack = 0;
  return (event) => {
    const now = Date.now();
    if (now - lastReportedAt < quietMs) {
      heldBack += 1;
      return;
    }
    lastReportedAt = now;
    report(event, heldBack);
    heldBack = 0;
  };
}
