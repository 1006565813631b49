import { useEffect, useState } from 'react';

/**
 * The time now, moving on every `intervalMs`, so "12 min ago" keeps up with the clock; and
 * once more just after `wakeAt` (epoch ms), so something that ends then (a claim) ends on time.
 */
export function useNow(intervalMs = 60_000, wakeAt?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, intervalMs);
    return () => {
      window.clearInterval(timer);
    };
  }, [intervalMs]);
  useEffect(() => {
    if (wakeAt === undefined || wakeAt < Date.now()) return;
    const timer = window.setTimeout(
      () => {
        setNow(Date.now());
      },
      wakeAt - Date.now() + 50,
    );
    return () => {
      window.clearTimeout(timer);
    };
  }, [wakeAt]);
  return now;
}
