import { afterAll, beforeAll } from 'vitest';
import { E2E_ADMIN, startApp, type RunningApp } from './support/harness.mjs';
import { describe, expect, test } from './support/test';
import { authenticatorCode } from './support/two-step';
import { submitLogin, waitForPath } from './support/ui';

const STAFF_LINE = 'Your team requires two-step sign-in for the console. Turn it on to continue.';

/**
 * A server of this file's own, as production runs it (decision 061): every /admin route
 * answers 403 TWO_FACTOR_REQUIRED until the staff member has two-step sign-in on. The shared
 * server stays optional, so the other console tests' staff sign in with a password.
 */
let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ STAFF_TWO_FACTOR: 'required' });
});
afterAll(async () => {
  await app.stop();
});

describe('the console under STAFF_TWO_FACTOR=required (decision 061)', () => {
  test('an admin without two-step sign-in is led to Security, turns it on there, and the desks open', async ({
    page,
    step,
  }) => {
    const main = page.getByRole('main');
    await step('signing in to the console leads to Security, with why', async () => {
      await page.goto(`${app.baseUrl}/console`);
      await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await waitForPath(page, '/console/security');
      await main.getByText(STAFF_LINE).waitFor();
      // Still signed in: the refusal is not an expired session.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/console/security');
    });
    await step('the same page on a phone', async () => {
      await page.setViewportSize({ width: 360, height: 780 });
      await main.getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor();
    });
    let secret = '';
    await step('turn it on: the password, then the QR code and the key', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await main.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await main.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
      await main.getByRole('button', { name: 'Continue', exact: true }).click();
      const key = await main.getByLabel('Setup key').innerText();
      secret = key.replace(/\s+/g, '');
    });
    await step('the first code shows the recovery codes', async () => {
      await main
        .getByLabel('Enter the 6-digit code from your authenticator app', { exact: true })
        .fill(authenticatorCode(secret));
      await main.getByRole('button', { name: 'Turn on', exact: true }).click();
      await main.getByRole('list', { name: 'Recovery codes' }).waitFor();
    });
    await step('saved: the line is gone', async () => {
      await main.getByRole('button', { name: 'I have saved them' }).click();
      await main.getByText('Recovery codes left: 10 of 10').waitFor();
      expect(await main.getByText(STAFF_LINE).count()).toBe(0);
    });
    await step('the console opens now', async () => {
      await page
        .getByRole('navigation', { name: 'Operator console' })
        .getByRole('link', { name: 'Overview' })
        .click();
      await waitForPath(page, '/console');
      await main.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await main.getByText(/^Today in Lagos\. Updated \d\d:\d\d/).waitFor();
    });
  });
});
