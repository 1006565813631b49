import type { Browser, Page } from 'playwright-core';
import { confirmedPerson } from './support/accounts';
import { describe, expect, test } from './support/test';
import { DASHBOARD_HOME, openSidebarDialog, submitLogin, waitForPath } from './support/ui';

/**
 * A page on the app by its name, not its address: a passkey belongs to a site named by a
 * domain (WebAuthn refuses an IP address), and the app's PUBLIC_URL is http://localhost:<port>,
 * so the passkey's site is `localhost` (decision 062).
 */
async function pageOnLocalhost(
  browser: Browser,
  baseUrl: string,
  onDone: (close: () => Promise<void>) => void,
) {
  const context = await browser.newContext({
    baseURL: baseUrl.replace('127.0.0.1', 'localhost'),
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(20_000);
  onDone(() => context.close());
  return context.newPage();
}

/** Chromium's virtual authenticator over CDP: a platform passkey that verifies the user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /**
     * Whether the authenticator answers by itself, as a person touching it at once would. Off,
     * a request waits, as the e-mail field's autofill does until a passkey is picked.
     */
    answersAtOnce: (enabled: boolean) =>
      cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

describe('passkeys (decision 062)', () => {
  test('a seller adds a passkey, signs in with it alone (button and e-mail autofill), then with the password is asked for it as the second step, and removes it', async ({
    browser,
    baseUrl,
    step,
    onTestFinished,
  }) => {
    const person = await confirmedPerson(baseUrl);
    const page = await pageOnLocalhost(browser, baseUrl, (close) => {
      onTestFinished(close);
    });
    const authenticator = await addVirtualAuthenticator(page);

    await step(
      'sign in with the password',
      async () => {
        await page.goto('/login');
        await submitLogin(page, person.email, person.password);
        await waitForPath(page, DASHBOARD_HOME);
      },
      page,
    );
    await step(
      'add a passkey named "My laptop" in Settings › Security',
      async () => {
        await page.goto('/dashboard/settings/security');
        await page.getByLabel('Passkey name', { exact: true }).fill('My laptop');
        await page.getByRole('button', { name: 'Add a passkey', exact: true }).click();
        const list = page.getByRole('list', { name: 'Your passkeys' });
        await list.getByText('My laptop').waitFor();
        expect(await authenticator.credentials()).toHaveLength(1);
      },
      page,
    );
    await step(
      'sign out',
      async () => {
        const dialog = await openSidebarDialog(page, 'Sign out');
        await dialog.getByRole('button', { name: /sign out/i }).click();
        await waitForPath(page, '/login');
      },
      page,
    );
    await step(
      'sign in with the passkey: no e-mail, no password typed',
      async () => {
        await page.getByRole('button', { name: 'Sign in with a passkey', exact: true }).click();
        // Back where the seller signed out from (Settings › Security), signed in.
        await waitForPath(page, '/dashboard/settings/security');
        await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
      },
      page,
    );
    await step(
      'sign out; the e-mail field’s autofill offers the passkey, and picking it signs in',
      async () => {
        const dialog = await openSidebarDialog(page, 'Sign out');
        await dialog.getByRole('button', { name: /sign out/i }).click();
        await waitForPath(page, '/login');
        // The virtual authenticator picks the one passkey as soon as the field asks for it.
        await page.getByLabel('Email', { exact: true }).focus();
        await waitForPath(page, '/dashboard/settings/security');
      },
      page,
    );
    await step(
      'sign out, then sign in with the password: the passkey is asked for as the second step',
      async () => {
        const dialog = await openSidebarDialog(page, 'Sign out');
        await dialog.getByRole('button', { name: /sign out/i }).click();
        await waitForPath(page, '/login');
        // No passkey picked in the autofill this time: the seller types the password.
        await authenticator.answersAtOnce(false);
        await submitLogin(page, person.email, person.password);
        await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
        await page.getByText(/Confirm with your passkey to finish signing in/).waitFor();
        await authenticator.answersAtOnce(true);
        await page.getByRole('button', { name: 'Use your passkey', exact: true }).click();
        await waitForPath(page, '/dashboard/settings/security');
      },
      page,
    );
    await step(
      'the list shows it, last used today; remove it',
      async () => {
        await page.goto('/dashboard/settings/security');
        const list = page.getByRole('list', { name: 'Your passkeys' });
        await expect.poll(() => list.getByText(/last used/).count()).toBe(1);
        await page.getByRole('button', { name: 'Remove My laptop', exact: true }).click();
        await expect.poll(() => page.getByRole('list', { name: 'Your passkeys' }).count()).toBe(0);
      },
      page,
    );
  });
});
