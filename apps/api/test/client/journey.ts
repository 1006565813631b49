// What the client journeys share: the real app listening on a loopback port (the client speaks
// HTTP, not app.inject), clients pointed at it, and a success unwrapped without a cast.
import { createKartaClient, type KartaClient } from '@karta/client';
import { createTestApp, type TestApp } from '../create-test-app';
import { handleWebhooks, runPayoutJob } from '../withdrawals';

export interface ListeningApp {
  t: TestApp;
  /** The API's origin, such as http://127.0.0.1:41234 (the document's paths add /api/v1). */
  baseUrl: string;
  /** A new client of this app, as a phone would hold one: its own cookie jar, maybe a token. */
  client(accessToken?: string): KartaClient;
}

export async function listeningTestApp(): Promise<ListeningApp> {
  const t = await createTestApp();
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    baseUrl,
    client: (accessToken) =>
      createKartaClient({ baseUrl, ...(accessToken === undefined ? {} : { accessToken }) }),
  };
}

/**
 * The body of an answer that had to be a success. openapi-fetch answers `{ data }` or
 * `{ error }`; a refusal fails the test with the status and the API's own envelope.
 */
export function ok<Data>(result: { data?: Data; error?: unknown; response: Response }): Data {
  if (result.data === undefined) {
    const { status, url } = result.response;
    throw new Error(`${String(status)} from ${url}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/** The payout worker's job, then the sandbox's transfer settling and its webhook handled. */
export async function payOut(t: TestApp, withdrawalId: string) {
  await runPayoutJob(t.app, withdrawalId);
  t.clock.advance(5);
  await t.app.ctx.sandbox?.advanceDueTransfers();
  await handleWebhooks(t.app, t.db);
}

/** The month (YYYY-MM) an instant falls in, in Lagos: the statement's months are Lagos months. */
export const lagosMonth = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit' })
    .format(new Date(iso))
    .slice(0, 7);
