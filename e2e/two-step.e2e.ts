import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { confirmedPerson } from './support/accounts';
import { describe, expect, test } from './support/test';
import { authenticatorCode } from './support/two-step';
import { DASHBOARD_HOME, openSidebarDialog, signIn, submitLogin, waitForPath } from './support/ui';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 800 };
const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';
const PERIOD_MS = 30_000;

/**
 * The authenticator app: codes from the key the page shows, each for a step later than the
 * last one given (the API takes a code once, and ±1 step, so the next step's code works now).
 */
function authenticatorFor(shownKey: string) {
  const secret = shownKey.replace(/\s+/g, '');
  let lastStep = -1;
  return {
    next() {
      const step = Math.max(Math.floor(Date.now() / PERIOD_MS), lastStep + 1);
      lastStep = step;
      return authenticatorCode(secret, step * PERIOD_MS);
    },
  };
}

/** The screens the page-by-page scan (accessibility.e2e.ts) cannot reach: WCAG A and AA, none found. */
async function expectAccessible(page: Page) {
  // A toast caught sliding in has a contrast no one sees for long; these screens are the subject.
  const { violations } = await new AxeBuilder({ page })
    .exclude('.Toastify')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html ?? ''}`),
  ).toEqual([]);
}

async function signOut(page: Page) {
  const dialog = await openSidebarDialog(page, 'Sign out');
  await dialog.getByRole('button', { name: /sign out/i }).click();
  await waitForPath(page, '/login');
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel(CODE_LABEL, { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

describe('two-step sign-in (decision 061)', () => {
  test('a seller turns it on in Settings, then signs in with a code, never the same code twice, and once with a recovery code', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    let app: ReturnType<typeof authenticatorFor> | undefined;
    let recoveryCodes: string[] = [];
    await step('sign in', () => signIn(page, person.email, person.password));
    await step('on a phone, Settings › Security says two-step sign-in is off', async () => {
      await page.setViewportSize(PHONE);
      await page.goto('/dashboard/settings');
      await page.getByRole('link', { name: 'Security', exact: true }).click();
      await waitForPath(page, '/dashboard/settings/security');
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    });
    await step('the password again, then the QR code and the key', async () => {
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const qr = page.getByRole('img', { name: /QR code/ });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      // The image is drawn: the browser read the SVG.
      expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      app = authenticatorFor(await page.getByLabel('Setup key').innerText());
      await expectAccessible(page);
    });
    await step('the first code turns it on and shows ten recovery codes once', async () => {
      await page.getByLabel(CODE_LABEL, { exact: true }).fill(app?.next() ?? '');
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();
      const list = page.getByRole('list', { name: 'Recovery codes' });
      await list.waitFor();
      recoveryCodes = await list.getByRole('listitem').allInnerTexts();
      expect(recoveryCodes).toHaveLength(10);
      await expectAccessible(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download (.txt)' }).click();
      expect((await download).suggestedFilename()).toBe('karta-recovery-codes.txt');
    });
    await step('I have saved them: the page says it is on', async () => {
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByText('Recovery codes left: 10 of 10').waitFor();
    });
    await step('sign out', async () => {
      await page.setViewportSize(DESKTOP);
      await signOut(page);
    });
    let usedCode = '';
    await step('the password alone now asks for a code', async () => {
      await submitLogin(page, person.email, person.password);
      await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      await expect.poll(() => page.getByLabel('Password', { exact: true }).count()).toBe(0);
      await expectAccessible(page);
    });
    await step('the code from the app signs in, back where the seller was', async () => {
      usedCode = app?.next() ?? '';
      await enterCode(page, usedCode);
      await waitForPath(page, '/dashboard/settings/security');
    });
    await step('the same code is refused on the next sign-in', async () => {
      await page.goto('/dashboard');
      await waitForPath(page, DASHBOARD_HOME);
      await signOut(page);
      // The code step on a phone, where most sellers sign in.
      await page.setViewportSize(PHONE);
      await submitLogin(page, person.email, person.password);
      await enterCode(page, usedCode);
      await page.getByText(/That code is not right/).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    });
    await step('a recovery code signs in instead', async () => {
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code', { exact: true }).fill(recoveryCodes[0] ?? '');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await waitForPath(page, DASHBOARD_HOME);
    });
    await step('Security counts the recovery code spent', async () => {
      await page.goto('/dashboard/settings/security');
      await page.getByText('Recovery codes left: 9 of 10').waitFor();
    });
  });
});
