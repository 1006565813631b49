import type { Page } from 'playwright-core';
import { confirmedPerson } from './support/accounts';
import { amazonUsaPhysical } from './support/catalog';
import { createPendingTrade } from './support/money';
import { describe, expect, test } from './support/test';
import { DASHBOARD_HOME, signIn, waitForPath } from './support/ui';

const POLL = { timeout: 10_000 };
const PERSONAL_CACHE = 'karta-personal';

/** Every address the service worker's caches hold, by cache. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      all[name] = keys.map((request) => new URL(request.url).pathname);
    }
    return all;
  });

describe('installable and offline (issue 15)', () => {
  test('at 360 px, the seller reads the trades seen last without a network, and sign-out empties what was kept', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, person);
    const { card } = await amazonUsaPhysical(baseUrl);
    const main = page.getByRole('main');
    const tradeRow = main.getByRole('link', { name: new RegExp(`${card.name}.*Pending`, 's') });
    const tradeTitle = main.getByRole('heading', { name: `Trade ${trade.reference}` });
    const banner = main.getByRole('status').filter({ hasText: 'You are offline' });
    await page.setViewportSize({ width: 360, height: 740 });

    await step('the manifest is linked and served with its type', async () => {
      await page.goto('/home');
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
        '/manifest.webmanifest',
      );
      const response = await page.request.get('/manifest.webmanifest');
      expect(response.headers()['content-type']).toContain('application/manifest+json');
      const manifest = (await response.json()) as {
        name: string;
        start_url: string;
        display: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'Karta',
        start_url: '/dashboard',
        display: 'standalone',
      });
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      );
      for (const icon of manifest.icons) {
        expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
      }
      // The public pages do not start the worker: they load as they did.
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
    });

    await step(
      'sign in: the dashboard starts the service worker, which takes the page',
      async () => {
        await signIn(page, person.email, person.password);
        await tradeRow.waitFor();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
          timeout: 15_000,
        });
        expect(
          await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state),
        ).toBe('activated');
      },
    );

    await step('on a phone, the dashboard offers to add Karta to the home screen', async () => {
      // Headless Chromium makes no install offer of its own: the event as it would fire it.
      await page.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => Promise.resolve(),
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(offer);
      });
      const prompt = main.getByRole('region', { name: 'Add Karta to your home screen' });
      await prompt.getByRole('button', { name: 'Install' }).waitFor();
      await prompt.getByRole('button', { name: 'Dismiss the home screen suggestion' }).click();
      await expect.poll(() => prompt.count()).toBe(0);
      expect(
        await page.evaluate(() => localStorage.getItem('karta:install-dismissed-at')),
      ).not.toBeNull();
    });

    await step('open the trade history and the trade, through the worker', async () => {
      // A reload, so the pages' files and answers go through the worker that now controls it.
      await page.reload();
      await tradeRow.waitFor();
      await tradeRow.click();
      await tradeTitle.waitFor();
      await page.goBack();
      await waitForPath(page, DASHBOARD_HOME);
      await tradeRow.waitFor();
    });

    await step(
      'only the seller’s own trade answers are kept, never sign-in or profile',
      async () => {
        await expect
          .poll(async () => (await cachedAddresses(page))[PERSONAL_CACHE]?.length ?? 0, POLL)
          .toBeGreaterThanOrEqual(3);
        const cached = await cachedAddresses(page);
        const personal = cached[PERSONAL_CACHE] ?? [];
        expect(personal.filter((address) => !address.includes('__karta'))).toEqual(
          expect.arrayContaining([expect.stringMatching(/^\/api\/v1\/trade\/fetch_trade\//)]),
        );
        for (const address of Object.values(cached).flat()) {
          expect(address).not.toMatch(/\/auth\/|refresh_token|current_user|\/dev\/mail/);
        }
      },
    );

    await step(
      'offline, the open app still shows the list and the trade, and says so',
      async () => {
        await page.context().setOffline(true);
        await banner.waitFor();
        await expect
          .poll(() => banner.textContent())
          .toMatch(/You are offline — showing what you last saw at \d{2}:\d{2}/);
        await tradeRow.click();
        await tradeTitle.waitFor();
        await page.goBack();
        await tradeRow.waitFor();
      },
    );

    await step('offline, a reload still opens the pages seen, without signing out', async () => {
      await page.reload();
      await tradeRow.waitFor();
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(/showing what you last saw at \d{2}:\d{2}/);
      await tradeRow.click();
      await tradeTitle.waitFor();
      expect(await page.evaluate(() => localStorage.getItem('user_id'))).not.toBeNull();
    });

    await step('back online, the session comes back and the banner goes', async () => {
      await page.context().setOffline(false);
      // The refresh is tried again within 10 s (lib/offline/connection.ts).
      await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0);
      await page.goto(DASHBOARD_HOME);
      await tradeRow.waitFor();
    });

    await step('sign out: the seller’s kept answers are gone', async () => {
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('complementary', { name: 'Dashboard menu' });
      await menu.getByRole('button', { name: 'Sign out', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /sign out/i }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
      await expect
        .poll(() => page.evaluate((name) => caches.has(name), PERSONAL_CACHE), POLL)
        .toBe(false);
      // The shell stays: it holds nothing of the seller.
      expect(
        Object.keys(await cachedAddresses(page)).some((name) => name.startsWith('karta-shell-')),
      ).toBe(true);
    });
  });
});
