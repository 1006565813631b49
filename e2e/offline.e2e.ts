import type { Page } from 'playwright-core';
import { call, confirmedPerson, type Person } from './support/accounts';
import { amazonUsaPhysical } from './support/catalog';
import { apiLogin, createPendingTrade } from './support/money';
import { describe, expect, test } from './support/test';
import { DASHBOARD_HOME, openSidebarDialog, signIn, waitForPath, waitForToast } from './support/ui';

const POLL = { timeout: 10_000 };
/** The seller's saved answers live in caches named so (one per session since decision 053). */
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

/** The full addresses (with their query) of every API answer any cache holds. */
const cachedApiAnswers = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (new URL(request.url).pathname.startsWith('/api/')) urls.push(request.url);
      }
    }
    return urls;
  });

/** Every path the seller's personal caches hold. */
const personalAddresses = async (page: Page) =>
  Object.entries(await cachedAddresses(page))
    .filter(([name]) => name.startsWith(PERSONAL_CACHE))
    .flatMap(([, addresses]) => addresses);

/** Everything of ours in the page's local and session storage, as `key=value` lines. */
const storedText = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((storage) =>
        Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`),
      )
      .join('\n'),
  );

/** What of a person could be read from storage: e-mail, phone digits, birth date, last name. */
const personalDetails = (person: Person) => [
  person.email,
  person.phone,
  person.date_of_birth,
  person.last_name,
];

/** Signs in, lets the worker take the page and keeps the trade list through it. */
async function signInAndKeepTrades(
  page: Page,
  person: Person,
  tradeRow: ReturnType<Page['getByRole']>,
) {
  await signIn(page, person.email, person.password);
  await tradeRow.waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  // A reload, so the list's answer goes through the worker that now controls the page.
  await page.reload();
  await tradeRow.waitFor();
  await expect
    .poll(async () => (await personalAddresses(page)).filter((a) => a.startsWith('/api/')), POLL)
    .toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/v1\/trade\/fetch_trade\//)]));
}

describe('installable and offline (decision 041)', () => {
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
        // The worker claims the page while it activates: wait for the end of that step.
        await page.waitForFunction(
          async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
          undefined,
          { timeout: 15_000 },
        );
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
      const listRequests: string[] = [];
      const noteList = (request: { url: () => string }) => {
        if (/\/trade\/fetch_trade\/[^/?]+\?page=1&size=10$/.test(request.url()))
          listRequests.push(request.url());
      };
      page.on('request', noteList);
      await page.reload();
      await tradeRow.waitFor();
      page.off('request', noteList);
      // The first page of trades came with the session refresh (decision 077): no request of
      // its own, and the worker was given it to keep, so it still opens offline.
      expect(listRequests).toEqual([]);
      await expect
        .poll(
          async () =>
            (await cachedApiAnswers(page)).filter((url) => url.endsWith('?page=1&size=10')),
          POLL,
        )
        .toEqual([expect.stringMatching(/\/api\/v1\/trade\/fetch_trade\/[^/?]+\?page=1&size=10$/)]);
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
          .poll(async () => (await personalAddresses(page)).length, POLL)
          .toBeGreaterThanOrEqual(2);
        const cached = await cachedAddresses(page);
        const personal = await personalAddresses(page);
        expect(personal).toEqual(
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
      await expect.poll(() => personalAddresses(page), POLL).toEqual([]);
      // The shell stays: it holds nothing of the seller.
      expect(
        Object.keys(await cachedAddresses(page)).some((name) => name.startsWith('karta-shell-')),
      ).toBe(true);
    });
  });

  test('signed out without a network: nothing of the seller stays on the device, a fresh page shows no history, and the other devices are signed out once back online', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await createPendingTrade(baseUrl, person);
    const { card } = await amazonUsaPhysical(baseUrl);
    const tradeRow = page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`${card.name}.*Pending`, 's') });
    // The same account signed in on another device, through the API.
    const otherDevice = await apiLogin(baseUrl, person.email, person.password);
    const otherDeviceStatus = async () =>
      (
        await fetch(`${baseUrl}/api/v1/auth/current_user`, {
          headers: { authorization: otherDevice.token },
        })
      ).status;

    await step('sign in; the worker keeps the trade list', async () => {
      await signInAndKeepTrades(page, person, tradeRow);
      expect(await otherDeviceStatus()).toBe(200);
    });

    await step('the device keeps no e-mail, phone, birth date or last name', async () => {
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('persist:auth')), POLL)
        .toContain(person.first_name);
      const stored = await storedText(page);
      for (const detail of personalDetails(person)) expect(stored).not.toContain(detail);
    });

    await step(
      'offline, Sign out ends the session on this device at once, and says so',
      async () => {
        await page.context().setOffline(true);
        const dialog = await openSidebarDialog(page, 'Sign out');
        // Every device: the other sign-in is ended too once the network is back (below).
        await dialog.getByRole('radio', { name: /Every device/ }).check();
        await dialog.getByRole('button', { name: 'Sign out of every device' }).click();
        await waitForToast(page, /signed out on this device/i);
        await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
      },
    );

    await step('nothing of the session stays: storage, saved answers', async () => {
      await expect.poll(() => cachedApiAnswers(page), POLL).toEqual([]);
      const local = await page.evaluate(() => ({
        persisted: localStorage.getItem('persist:auth'),
        userId: localStorage.getItem('user_id'),
      }));
      expect(local).toEqual({ persisted: null, userId: null });
      const stored = await storedText(page);
      for (const detail of [...personalDetails(person), person.first_name]) {
        expect(stored).not.toContain(detail);
      }
      // Only the account id stays, for the server, until the network is back.
      expect(stored.split('\n').filter((line) => line.includes(otherDevice.userId))).toEqual([
        `karta:pending-sign-out=${otherDevice.userId}`,
      ]);
      // The app keeps nothing in IndexedDB.
      expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
    });

    await step('a fresh page, still offline, shows no history but the sign-in page', async () => {
      const fresh = await page.context().newPage();
      await fresh.goto(DASHBOARD_HOME);
      await fresh.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(await fresh.getByText(card.name).count()).toBe(0);
      await fresh.close();
    });

    await step('back online, the server ends the account’s other sessions too', async () => {
      await page.context().setOffline(false);
      // The pending sign-out is tried again when the browser says it is online (or within 10 s).
      await expect.poll(otherDeviceStatus, { timeout: 20_000 }).toBe(403);
      // Told, the device forgets the account id too.
      await expect.poll(() => storedText(page), POLL).not.toContain(otherDevice.userId);
    });
  });

  test('a saved trade answer goes only to the session that saved it; a session ended elsewhere loses it', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await createPendingTrade(baseUrl, person);
    const { card } = await amazonUsaPhysical(baseUrl);
    const tradeRow = page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`${card.name}.*Pending`, 's') });
    let savedListUrl = '';
    /** The saved list asked for offline: the status the page gets, or "failed" (no answer). */
    const askOffline = (headers: Record<string, string>) =>
      page.evaluate(
        async ({ url, headers }) => {
          try {
            return String((await fetch(url, { headers })).status);
          } catch {
            return 'failed';
          }
        },
        { url: savedListUrl, headers },
      );

    await step('sign in; the worker keeps the trade list', async () => {
      await signInAndKeepTrades(page, person, tradeRow);
      const saved = await cachedApiAnswers(page);
      savedListUrl =
        saved.find((url) => new URL(url).pathname.startsWith('/api/v1/trade/fetch_trade/')) ?? '';
      expect(savedListUrl).not.toBe('');
    });

    await step('offline, a request without the session gets no saved answer', async () => {
      await page.context().setOffline(true);
      expect(await askOffline({})).toBe('failed');
      // Another session's key (well formed, or not) gets nothing either.
      expect(await askOffline({ 'x-karta-session': 'AAAAAAAAAAAAAAAAAAAAAA' })).toBe('failed');
      expect(await askOffline({ 'x-karta-session': 'not-a-session' })).toBe('failed');
      // The session that saved it still reads it (what the app sends offline).
      const session = await page.evaluate(() => localStorage.getItem('karta:session') ?? '');
      expect(await askOffline({ 'x-karta-session': session })).toBe('200');
    });

    await step('the account signs out everywhere from another device', async () => {
      await page.context().setOffline(false);
      const elsewhere = await apiLogin(baseUrl, person.email, person.password);
      await call(baseUrl, 'POST', '/api/v1/auth/signout', undefined, elsewhere.token);
    });

    await step(
      'back on this device, the app finds the session over and drops what it kept',
      async () => {
        await page.reload();
        await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
        await expect.poll(() => cachedApiAnswers(page), POLL).toEqual([]);
        expect(
          await page.evaluate(() => [
            localStorage.getItem('persist:auth'),
            localStorage.getItem('user_id'),
          ]),
        ).toEqual([null, null]);
      },
    );

    await step('offline again, a fresh page shows no history', async () => {
      await page.context().setOffline(true);
      const fresh = await page.context().newPage();
      await fresh.goto(DASHBOARD_HOME);
      await fresh.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(await fresh.getByText(card.name).count()).toBe(0);
      await fresh.close();
    });
  });
});
