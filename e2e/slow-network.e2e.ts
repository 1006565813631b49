import type { CDPSession, Page, Route } from 'playwright-core';
import { confirmedPerson } from './support/accounts';
import { fundWallet } from './support/money';
import { describe, expect, test } from './support/test';
import { DASHBOARD_HOME, signIn, waitForPath } from './support/ui';

/** Slow 3G as the walk-through measured it: 2 s round trips, 400 kbps each way (decision 074). */
const SLOW_3G = {
  offline: false,
  latency: 2000,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};
/** Everything below is paced by the emulated network, not by this machine. */
const SLOW = { timeout: 40_000 };

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  return cdp;
}

/**
 * Holds the app's scripts until `release` is called, so "before the script arrives" is a fact of
 * the test and not a race with the network.
 */
function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  const ready = page.route('**/assets/*.js', (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return {
    ready,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute('**/assets/*.js');
    },
  };
}

describe('a seller on a 360 px phone on slow 3G', () => {
  test('signs in before the app has loaded (the submit waits and says so), sees the balance and opens a trade', async ({
    page,
    baseUrl,
    step,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    await fundWallet(baseUrl, seller, 12_500);
    await page.setViewportSize({ width: 360, height: 740 });
    const scripts = holdScripts(page);
    await scripts.ready;
    await throttle(page);

    await step('the pre-rendered sign-in form, its script not arrived', async () => {
      await page.goto('/login', { waitUntil: 'commit', timeout: SLOW.timeout });
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor(SLOW);
      await page.getByLabel('Email', { exact: true }).fill(seller.email);
      await page.getByLabel('Password', { exact: true }).fill(seller.password);
    });

    await step('Sign In pressed before the script: held, and the button says so', async () => {
      // Disabled until the script arrived, it could not be pressed at all.
      await page.getByRole('button', { name: 'Sign In', exact: true }).click({ timeout: 5_000 });
      const waiting = page.getByRole('button', { name: 'Signing in...', exact: true });
      await waiting.waitFor({ timeout: 5_000 });
      expect(await waiting.getAttribute('aria-busy')).toBe('true');
      expect(await waiting.isEnabled()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      // Held, not sent by the browser: the fields are in no address.
      expect(page.url()).not.toContain('password');
      expect(new URL(page.url()).pathname).toBe('/login');
    });

    await step('the script arrives: the app sends the held sign-in', async () => {
      await scripts.release();
      await page.waitForURL((url) => url.pathname === DASHBOARD_HOME, SLOW);
    });

    await step('the balance and the last trade', async () => {
      await page.getByTestId('wallet-balance').filter({ hasText: '₦12,500.00' }).waitFor(SLOW);
      const recent = page.getByRole('region', { name: 'Recent transactions' });
      await recent
        .getByRole('link', { name: /Amazon/ })
        .first()
        .waitFor(SLOW);
    });

    await step('opens the trade', async () => {
      const recent = page.getByRole('region', { name: 'Recent transactions' });
      await recent
        .getByRole('link', { name: /Amazon/ })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname.includes('/trade'), SLOW);
      await page.getByText('₦12,500.00').first().waitFor(SLOW);
      await waitForPath(page, new URL(page.url()).pathname);
    });
  }, 90_000);

  test('a cold dashboard paints its frame as soon as its page arrives, not a style sheet later', async ({
    page,
    baseUrl,
    step,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    await page.setViewportSize({ width: 360, height: 740 });
    await step('signed in at full speed', () => signIn(page, seller.email, seller.password));

    await step('the dashboard again, cold, on slow 3G: painted when its HTML is in', async () => {
      const { origin } = new URL(page.url());
      await page.goto('about:blank');
      const cdp = await throttle(page);
      // Cold: no file of the app kept, neither by the browser nor by the service worker.
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'service_workers,cache_storage',
      });
      await page.goto('/dashboard', { waitUntil: 'commit', timeout: SLOW.timeout });
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
        undefined,
        SLOW,
      );
      const { paintedMs, pageInMs } = await page.evaluate(() => ({
        paintedMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        pageInMs:
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
            ?.responseEnd ?? 0,
      }));
      // Before: the page waited for its linked style sheet, one more 2 s round trip (or more,
      // behind the scripts): a blank screen between the HTML and the skeleton.
      expect(paintedMs - pageInMs).toBeLessThan(1_000);
      await page.getByTestId('dashboard-skeleton').first().waitFor({ state: 'attached' });
    });
  }, 90_000);
});
