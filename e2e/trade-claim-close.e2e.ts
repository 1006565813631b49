import { call, confirmedPerson } from './support/accounts';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin, createPendingTrade, OPERATOR } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole } from './support/ui';

/**
 * Decision 072, in a real Chromium against the built app: closing the review tab releases the
 * trade through `navigator.sendBeacon` and the claim's release token, even when the page's
 * session has ended meanwhile (a closing page cannot refresh it), so another operator can take
 * the trade at once.
 */
describe('a trade claim and its review tab', () => {
  test('closing the tab frees the trade at once, even after the session ended', async ({
    page,
    baseUrl,
    step,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller);
    const admin = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
    const claimOf = async () => {
      const answer = (await call(
        baseUrl,
        'GET',
        `/api/v1/admin/trades/${trade.id}`,
        undefined,
        admin.token,
      )) as { data: { claim: { holder: { first_name: string } } | null } };
      return answer.data.claim;
    };

    await step('the operator opens the trade and holds it', async () => {
      await signInToConsole(page, `/console/trades/${trade.id}`, OPERATOR);
      const notice = page.getByRole('main').getByRole('region', { name: 'Review claim' });
      await notice.getByText(/^You are reviewing this trade until \d{2}:\d{2}\.$/).waitFor();
      expect(await claimOf()).not.toBeNull();
    });

    // The session ends while the page stays open (signed out on another device; a token that
    // lapsed while the laptop slept is the same to the page): a release that needs the session
    // is refused, and a closing page cannot sign in again.
    const elsewhere = await apiLogin(baseUrl, OPERATOR.email, OPERATOR.password);
    await call(baseUrl, 'POST', '/api/v1/auth/signout', undefined, elsewhere.token);

    // Closing the tab, not leaving the page inside the app: only the beacon goes.
    await page.close({ runBeforeUnload: true });
    await expect.poll(claimOf, { timeout: 10_000 }).toBeNull();
    const claimed = await call(
      baseUrl,
      'POST',
      `/api/v1/admin/trades/${trade.id}/claim`,
      undefined,
      admin.token,
    );
    expect(claimed).toMatchObject({ status: 'success' });
  });
});
