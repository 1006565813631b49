import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { thisApp } from './support/this-app';
import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import { TRADE_DECISION_ANSWERS } from '@karta/shared/schemas/trades';
import { call, confirmedPerson } from './support/accounts';
import { formatKobo } from './support/catalog';
import { createAdminOnServer, E2E_ADMIN } from './support/harness.mjs';
import { apiLogin, approveAt, createPendingTrade, walletBalanceOf } from './support/money';
import { describe, expect, test } from './support/test';
import { DASHBOARD_HOME, signIn, signInToConsole, waitForToast } from './support/ui';

/** Above FOUR_EYES_KOBO's default (₦500,000): an addition this large waits for a second admin. */
const ADDED_NAIRA = 600_000;
const REASON = 'The card balance was re-read: $500 more was on it.';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Nothing on the page is wider than the window (no sideways scrolling on a phone), once the
 * layout has settled after a resize (the dashboard's menu slides into its drawer).
 */
async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

/** What axe-core finds against WCAG 2.1 AA and its best practices (as accessibility.e2e.ts). */
async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html ?? ''}`),
  ).toEqual([]);
}

describe('four eyes on an addition to a credit', () => {
  test('admin A adds ₦600,000 to an approved trade: it waits, the queue and the seller say so, A cannot confirm it, admin B does, and the wallet moves once', async ({
    page,
    secondPage,
    browser,
    baseUrl,
    step,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller);
    expect((await approveAt(baseUrl, trade.id, trade.expected_value)).status).toBe('approved');
    // A second admin the server made, as `npm run create-admin` does: nobody's invitee.
    const adminB = await confirmedPerson(baseUrl, { first_name: 'Bisi', last_name: 'Adeyemi' });
    createAdminOnServer(thisApp().server, adminB);

    const approvedKobo = Math.round(trade.expected_value * 100);
    const added = formatKobo(ADDED_NAIRA * 100);
    const detail = `/console/trades/${trade.id}`;
    const sellerTrade = `/dashboard/transaction-history/trades/${trade.id}`;
    const main = page.getByRole('main');
    const sellerMain = secondPage.getByRole('main');
    const adjustments = main
      .getByRole('list', { name: 'Adjustments, oldest first' })
      .getByRole('listitem');

    await step('admin A adds ₦600,000.00 to the credit and is told it waits', async () => {
      await signInToConsole(page, detail, E2E_ADMIN);
      const panel = main.getByRole('region', { name: 'Add to the credit' });
      await panel.getByLabel('Naira to add').fill(String(ADDED_NAIRA));
      await panel.getByLabel('Reason (for the audit log)').fill(REASON);
      expect(await panel.getByLabel('Naira to add').inputValue()).toBe('600000.00');
      await panel.getByRole('button', { name: 'Add to the credit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to this trade’s credit?' });
      await dialog.getByText(`+${added}`).waitFor();
      await dialog.getByRole('button', { name: 'Add to the credit' }).click();
      await waitForToast(page, TRADE_DECISION_ANSWERS.ADJUSTMENT_WAITING);
      await adjustments.first().getByText(SECOND_APPROVAL_WAITING).waitFor();
      expect(await walletBalanceOf(baseUrl, seller)).toBe(trade.expected_value);
    });

    await step('the awaiting tab lists the trade with the badge and the amount', async () => {
      await page.goto('/console/trades?status=awaiting_second_approval');
      const row = main
        .getByRole('list', { name: 'Waiting for a second approval trades' })
        .getByRole('listitem')
        .filter({ hasText: trade.reference });
      await row.getByText(SECOND_APPROVAL_WAITING, { exact: true }).waitFor();
      expect(await row.textContent()).toContain(`Adjustment +${added}`);
    });

    await step(
      'the seller’s trade page says it waits for a second approval',
      async () => {
        await signIn(secondPage, seller.email, seller.password);
        await secondPage.goto(sellerTrade);
        await sellerMain
          .getByRole('heading', { level: 1, name: `Trade ${trade.reference}` })
          .waitFor();
        const timeline = sellerMain.getByRole('list', { name: 'Timeline' });
        await timeline.getByText(SECOND_APPROVAL_WAITING, { exact: true }).waitFor();
        await timeline
          .getByText(
            'We are adding to what this trade credited you. A second member of our team checks it before it reaches your wallet.',
          )
          .waitFor();
        // The badge beside "Approved" and the timeline's next step: the same words.
        expect(await sellerMain.getByText(SECOND_APPROVAL_WAITING, { exact: true }).count()).toBe(
          2,
        );
        await expectNoAxeViolations(secondPage);
      },
      secondPage,
    );

    await step(
      'the seller’s trade page at 360 px',
      async () => {
        await secondPage.setViewportSize(PHONE);
        await expectNoSidewaysScroll(secondPage, PHONE.width);
      },
      secondPage,
    );

    await step(
      'the seller’s trade page at 1280 px',
      async () => {
        await secondPage.setViewportSize(DESKTOP);
        await expectNoSidewaysScroll(secondPage, DESKTOP.width);
      },
      secondPage,
    );

    await step('admin A cannot confirm their own addition, and is told why', async () => {
      await page.goto(detail);
      const waiting = adjustments.first();
      await waiting.getByText(`Reason: ${REASON}`).waitFor();
      const confirm = waiting.getByRole('button', { name: 'Confirm adjustment' });
      expect(await confirm.isDisabled()).toBe(true);
      const reasonId = await confirm.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${reasonId ?? ''}"]`).textContent()).toBe(
        FOUR_EYES_MESSAGES.SAME_ADJUSTER,
      );
      await waiting.getByRole('region', { name: 'Send back adjustment' }).waitFor();
      // At the top of the page too, in the words and colour of every credit that waits.
      await main
        .getByRole('region', { name: SECOND_APPROVAL_WAITING })
        .getByText(`+${added}`)
        .waitFor();
      await expectNoAxeViolations(page);
    });

    await step('the console trade view at 360 px', async () => {
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      // From the top: the full-page shot then has the console's sticky bar where it belongs.
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
    });

    await step('the console trade view at 1280 px', async () => {
      await page.setViewportSize(DESKTOP);
      await expectNoSidewaysScroll(page, DESKTOP.width);
    });

    const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP });
    context.setDefaultTimeout(15_000);
    const adminPage = await context.newPage();
    try {
      await step(
        'admin B confirms it, and the seller is credited once',
        async () => {
          await signInToConsole(adminPage, detail, {
            email: adminB.email,
            password: adminB.password,
          });
          const waiting = adminPage
            .getByRole('main')
            .getByRole('list', { name: 'Adjustments, oldest first' })
            .getByRole('listitem')
            .first();
          await waiting.getByText('Added by Karta Admin', { exact: false }).waitFor();
          // By keyboard: the button, then the dialog's confirmation.
          await waiting.getByRole('button', { name: 'Confirm adjustment' }).focus();
          await adminPage.keyboard.press('Enter');
          const dialog = adminPage.getByRole('dialog', { name: 'Confirm and credit?' });
          await dialog.getByText(`+${added}`).waitFor();
          await dialog.getByRole('button', { name: 'Confirm and credit' }).focus();
          await adminPage.keyboard.press('Enter');
          await waitForToast(adminPage, TRADE_DECISION_ANSWERS.ADJUSTMENT_CONFIRMED);
          await waiting.getByText('Confirmed by Bisi Adeyemi', { exact: false }).waitFor();

          const admin = await apiLogin(baseUrl, adminB.email, adminB.password);
          const view = (await call(
            baseUrl,
            'GET',
            `/api/v1/admin/trades/${trade.id}`,
            undefined,
            admin.token,
          )) as { data: { adjustments: { id: string; status: string }[] } };
          const [made] = view.data.adjustments;
          expect(made?.status).toBe('credited');
          await expect(
            call(
              baseUrl,
              'POST',
              `/api/v1/admin/trades/${trade.id}/adjustments/${made?.id ?? ''}/confirm`,
              {},
              admin.token,
            ),
          ).rejects.toThrow(/answered 409/);
          expect(await walletBalanceOf(baseUrl, seller)).toBe(
            (approvedKobo + ADDED_NAIRA * 100) / 100,
          );
        },
        adminPage,
      );
    } finally {
      await context.close();
    }

    await step(
      'the seller’s wallet shows the credit, and the trade no longer waits',
      async () => {
        await secondPage.goto(DASHBOARD_HOME);
        const wallet = sellerMain.getByRole('region', { name: 'Naira wallet' });
        await wallet.getByText(formatKobo(approvedKobo + ADDED_NAIRA * 100)).waitFor();
        await secondPage.goto(sellerTrade);
        await sellerMain
          .getByRole('heading', { level: 1, name: `Trade ${trade.reference}` })
          .waitFor();
        expect(await sellerMain.getByText(SECOND_APPROVAL_WAITING, { exact: true }).count()).toBe(
          0,
        );
      },
      secondPage,
    );
  });
});
