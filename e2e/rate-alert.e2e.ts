import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { call, confirmedPerson } from './support/accounts';
import { cardWithTwoRates } from './support/admin-catalog';
import { openConsoleDesk } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin } from './support/money';
import {
  pasteRateSheet,
  publishDraft,
  reviewDraft,
  showCardOnRateSheet,
} from './support/rate-desk';
import { describe, expect, test } from './support/test';
import {
  DASHBOARD_HOME,
  signInToConsole,
  submitLogin,
  waitForPath,
  waitForToast,
} from './support/ui';

const PHONE = { width: 360, height: 740 };
const POLL = { timeout: 15_000 };

interface Outbox {
  data: { subject: string; text: string }[];
}
interface Notices {
  data: { data: { kind: string; title: string; body: string; link: string | null }[] };
}

/** Waits until the app has taken over the page (RootLayout marks <html> with data-hydrated). */
async function waitForHydration(element: Locator) {
  await expect
    .poll(
      () => element.evaluate((node) => node.ownerDocument.documentElement.dataset.hydrated),
      POLL,
    )
    .toBe('true');
}

/** Chooses an option of one of the calculator's dropdowns. */
async function choose(page: Page, label: string, option: string) {
  const main = page.getByRole('main');
  const box = main.getByRole('combobox', { name: label, exact: true });
  await waitForHydration(box);
  await box.click();
  await expect.poll(() => box.getAttribute('aria-expanded'), POLL).toBe('true');
  await box.fill(option);
  await main.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => box.inputValue(), POLL).toBe(option);
}

/**
 * axe-core finds nothing on what the page shows now (the states the route scan of
 * accessibility.e2e.ts does not reach: the form after a choice, a list with an alert).
 */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html ?? ''}`),
  ).toEqual([]);
}

/** The page is no wider than the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

describe('rate alerts', () => {
  test('a seller on a 360 px phone sets an alert, an admin publishes a rate that reaches it, and the seller is told by mail and in the app', async ({
    page,
    secondPage,
    step,
    baseUrl,
  }) => {
    const name = `Alert Shop ${String(Date.now()).slice(-6)}`;
    const { token } = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
    await cardWithTwoRates(baseUrl, token, {
      card: name,
      physical: 'USA physical',
      ecode: 'USA e-code',
    });
    const seller = await confirmedPerson(baseUrl, { first_name: 'Amaka' });
    await page.setViewportSize(PHONE);
    const main = page.getByRole('main');

    await step('the seller signs in on a phone and opens the rate calculator', async () => {
      await page.goto('/login');
      await waitForHydration(page.getByRole('button', { name: 'Sign In', exact: true }));
      await submitLogin(page, seller.email, seller.password);
      await waitForPath(page, DASHBOARD_HOME);
      await page.goto('/dashboard/rate-calculator');
      await page.getByRole('heading', { level: 1, name: 'Rate Calculator' }).waitFor();
    });
    await step('chooses the card and its USA physical subcategory', async () => {
      await choose(page, 'Gift card', name);
      await choose(page, 'Subcategory', 'USA physical');
      await main.getByText("Today's rate is ₦1,000.00 per $1.", { exact: false }).waitFor();
    });
    await step('asks to be told when the rate reaches ₦1,050', async () => {
      const field = main.getByRole('textbox', { name: 'Alert me when the rate reaches' });
      await field.scrollIntoViewIfNeeded();
      await field.fill('1050');
      await main.getByRole('button', { name: 'Set alert' }).click();
      await main
        .getByRole('status')
        .filter({
          hasText: `Alert set. We will tell you when ${name} USA physical reaches ₦1,050.00 per $1.`,
        })
        .waitFor();
      await main.getByRole('button', { name: 'Change alert' }).waitFor();
      await expectNoSidewaysScroll(page);
      await expectNoViolations(page);
    });

    await step(
      'the admin publishes ₦1,100 for it on the rate sheet',
      async () => {
        await signInToConsole(secondPage, '/console', E2E_ADMIN);
        await openConsoleDesk(secondPage, 'Rates');
        await showCardOnRateSheet(secondPage, name, {
          rows: 2,
          row: `${name} / USA physical`,
          rate: '1000',
        });
        await pasteRateSheet(secondPage, [`${name} / USA physical\t1,100`], 1);
        await reviewDraft(secondPage, ['₦1,000.00 → ₦1,100.00 +10.0 %']);
        await publishDraft(secondPage, { [`${name} / USA physical`]: '1100' });
      },
      secondPage,
    );

    await step('the mail arrives: the card, the new rate, the target and the link', async () => {
      const alertMails = async () => {
        const outbox = (await call(
          baseUrl,
          'GET',
          `/dev/mail?to=${encodeURIComponent(seller.email)}`,
        )) as Outbox;
        return outbox.data.filter((mail) => mail.subject.startsWith('Rate alert'));
      };
      await expect.poll(async () => (await alertMails()).length, POLL).toBe(1);
      const [mail] = await alertMails();
      expect(mail?.subject).toBe(`Rate alert: ${name} USA physical is now ₦1,100.00 per $1`);
      expect(mail?.text).toContain(
        `the rate for your ${name} gift card (USA physical) went up from ₦1,000.00 to ₦1,100.00 per $1. You asked us to tell you when it reached ₦1,050.00.`,
      );
      expect(mail?.text).toMatch(/Open the rate calculator: http\S+\/dashboard\/rate-calculator\n/);
    });

    await step('the seller has the notice in the app', async () => {
      const session = await apiLogin(baseUrl, seller.email, seller.password);
      const notices = (await call(
        baseUrl,
        'GET',
        `/api/v1/user/notices/${session.userId}`,
        undefined,
        session.token,
      )) as Notices;
      const alerts = notices.data.data.filter((notice) => notice.kind === 'rate_alert');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        title: `${name} USA physical is now ₦1,100.00 per $1`,
        body: `The rate for ${name} USA physical went up from ₦1,000.00 to ₦1,100.00 per $1, reaching your alert of ₦1,050.00. Rates can change again at any time: a trade gets the rate shown when you submit it.`,
        link: '/dashboard/rate-calculator',
      });
    });

    await step(
      'Settings › Rate alerts shows the alert, the rate now and when it fired',
      async () => {
        await page.goto('/dashboard/settings/rate-alerts');
        const list = main.getByRole('list', { name: 'Your rate alerts' });
        const item = list.getByRole('listitem').filter({ hasText: name });
        await expect.poll(() => item.textContent(), POLL).toContain('Rate now₦1,100.00');
        const text = (await item.textContent()) ?? '';
        expect(text).toContain('Alert at₦1,050.00 per $1');
        expect(text).toMatch(/Last fired\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} at ₦1,100\.00/);
        await expectNoSidewaysScroll(page);
        await expectNoViolations(page);
      },
    );

    await step('and deletes it after confirming', async () => {
      await main.getByRole('button', { name: `Delete the alert for ${name} USA physical` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this rate alert?' });
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await waitForToast(page, `The alert for ${name} USA physical was deleted.`);
      await main.getByText('No rate alerts yet.').waitFor();
    });
  });
});
