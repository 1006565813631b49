/**
 * Answers the dashboard's HTML asked for before the app's code arrived (decision 074,
 * @karta/shared/inline-scripts): the session refresh, the wallet and the first page of
 * trades, keyed by method and full address. Each is taken once, by the request the app would have
 * sent for the same address, and then forgotten.
 */
interface EarlyRequests {
  /** Settles once the data requests have started (or will not). */
  ready?: Promise<void>;
  [request: string]: Promise<Response> | Promise<void> | undefined;
}

declare global {
  interface Window {
    __kartaEarly?: EarlyRequests;
  }
}

const early = (): EarlyRequests | undefined =>
  typeof window === 'undefined' ? undefined : window.__kartaEarly;

/** The answer asked for early for this request, if any, at most once. */
export function takeEarlyAnswer(method: string, url: string): Promise<Response> | undefined {
  const requests = early();
  const key = `${method.toUpperCase()} ${url}`;
  const answer = requests?.[key] as Promise<Response> | undefined;
  if (answer && requests) Reflect.deleteProperty(requests, key);
  return answer;
}

/** Waits until the early data requests have started, so the app finds them when it asks. */
export async function earlyRequestsStarted(): Promise<void> {
  await early()?.ready;
}
