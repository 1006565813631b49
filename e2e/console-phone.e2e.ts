import type { Page } from 'playwright-core';
import { confirmedPerson } from './support/accounts';
import { addCard } from './support/admin-catalog';
import { amazonUsaPhysical } from './support/catalog';
import { CONSOLE_PATHS } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin, createPendingTrade, OPERATOR } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole, waitForPath } from './support/ui';
import { slowWithdrawal } from './support/withdrawal';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** One row of the console's header: the dashboard's height, and one 44 px touch target with room. */
const HEADER_MAX_PX = 64;

const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const headerHeightOf = async (page: Page) =>
  (await page.getByRole('banner').boundingBox())?.height ?? Infinity;

/** Opens a console address and waits for its heading and its data (no loading list left). */
async function openDesk(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/** Neither wider than the phone nor with a header taller than one row. */
async function expectPhoneFit(page: Page, path: string) {
  const width = await widthOf(page);
  expect(width, `${path} is ${String(width)} px wide`).toBeLessThanOrEqual(PHONE.width);
  const header = await headerHeightOf(page);
  expect(header, `${path}: the header is ${String(header)} px tall`).toBeLessThanOrEqual(
    HEADER_MAX_PX,
  );
}

describe('console on a phone', () => {
  test('no console screen is wider than a 360 px phone: wide tables scroll inside their own box', async ({
    page,
    step,
    baseUrl,
  }) => {
    // A record whose value is one long word, as a storage key is: the audit trail must wrap it.
    const { token } = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
    await addCard(baseUrl, token, `Phone${'x'.repeat(60)}${String(Date.now()).slice(-6)}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInToConsole(page, '/console', E2E_ADMIN);
    for (const path of CONSOLE_PATHS) {
      await step(`${path} fits the phone's width`, async () => {
        await openDesk(page, path);
        const width = await widthOf(page);
        expect(width, `${path} is ${String(width)} px wide`).toBeLessThanOrEqual(360);
      });
    }
  });

  test('an operator reviews at night on a 390 px phone: a one-row header with a menu, the queue at the top, the decision bar in view, every desk as wide as the screen', async ({
    page,
    step,
    baseUrl,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller);
    const { userId: sellerId } = await apiLogin(baseUrl, seller.email, seller.password);
    const withdrawal = await slowWithdrawal(baseUrl);
    const { card } = await amazonUsaPhysical(baseUrl);
    const main = page.getByRole('main');
    await page.setViewportSize(PHONE);

    await step('the queue: a 64 px header, and the first trade near the top', async () => {
      await signInToConsole(page, '/console/trades', OPERATOR);
      await openDesk(page, '/console/trades');
      await expectPhoneFit(page, '/console/trades');
      const first = main.getByRole('list', { name: 'Pending trades' }).getByRole('listitem');
      const top = (await first.first().boundingBox())?.y ?? Infinity;
      expect(top, `the first trade starts at y = ${String(top)}`).toBeLessThan(200);
    });

    await step('a trade: the decision bar is on screen without scrolling', async () => {
      await openDesk(page, `/console/trades/${trade.id}`);
      await expectPhoneFit(page, '/console/trades/:id');
      const bar = main.getByRole('region', { name: 'Decide this trade' });
      const box = await bar.boundingBox();
      expect(box, 'a decision bar').not.toBeNull();
      const { y, height } = box ?? { y: Infinity, height: 0 };
      expect(y, `the decision bar starts at y = ${String(y)}`).toBeGreaterThanOrEqual(0);
      expect(y + height).toBeLessThanOrEqual(PHONE.height);
      // The bar's Approve takes the operator to the approval's form, in view.
      await bar.getByRole('button', { name: 'Approve' }).click();
      const approve = main.getByRole('button', { name: 'Approve trade' });
      await expect.poll(() => approve.evaluate(isInViewport)).toBe(true);
    });

    await step('the menu opens every desk from the one-row header', async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('navigation', { name: 'Operator console' })
        .getByRole('link', { name: 'Rates' })
        .click();
      await waitForPath(page, '/console/rates');
      await main.getByRole('heading', { level: 1, name: 'Rate sheet' }).waitFor();
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Operator console' }).isVisible())
        .toBe(false);
    });

    await step("the rate sheet's rows show the whole name and a rate input on screen", async () => {
      await openDesk(page, '/console/rates');
      await expectPhoneFit(page, '/console/rates');
      const row = main.getByRole('row').filter({ hasText: 'USA physical' }).first();
      const name = await row
        .getByRole('cell')
        .nth(1)
        .evaluate((cell) => ({
          cut: cell.scrollWidth > cell.clientWidth,
        }));
      expect(name.cut, 'the subcategory name is cut').toBe(false);
      const input = row.getByRole('textbox');
      expect(await input.evaluate(isInViewportHorizontally)).toBe(true);
    });

    const desks = [
      '/console',
      '/console/withdrawals',
      `/console/withdrawals/${withdrawal.id}`,
      '/console/users',
      `/console/users/${sellerId}`,
      '/console/kyc',
      '/console/catalog',
      `/console/catalog/${card.id}`,
      '/console/security',
    ];
    for (const path of desks) {
      await step(`${path} fits the phone, under a one-row header`, async () => {
        await openDesk(page, path);
        await expectPhoneFit(page, path);
      });
    }
  });

  test("an admin's desks fit a 390 px phone, and at 1280 px the admin's header is one row", async ({
    page,
    step,
  }) => {
    await page.setViewportSize(PHONE);
    await signInToConsole(page, '/console/audit', E2E_ADMIN);
    for (const path of ['/console/audit', '/console/staff', '/console/reports']) {
      await step(`${path} fits the phone, under a one-row header`, async () => {
        await openDesk(page, path);
        await expectPhoneFit(page, path);
      });
    }
    await step('at 1280 px every desk is in one row of the header', async () => {
      await page.setViewportSize(DESKTOP);
      await openDesk(page, '/console');
      const header = await headerHeightOf(page);
      expect(header, `the header is ${String(header)} px tall`).toBeLessThanOrEqual(HEADER_MAX_PX);
      const links = page.getByRole('navigation', { name: 'Operator console' }).getByRole('link');
      const tops = await links.evaluateAll((all) =>
        all.map((link) => Math.round(link.getBoundingClientRect().top)),
      );
      expect(tops.length).toBeGreaterThan(9);
      expect(new Set(tops).size, `the desks' links start at ${tops.join(', ')}`).toBe(1);
    });
  });
});

/** Wholly inside the window, both ways. */
function isInViewport(element: Element) {
  const box = element.getBoundingClientRect();
  return (
    box.top >= 0 &&
    box.left >= 0 &&
    box.bottom <= window.innerHeight &&
    box.right <= window.innerWidth
  );
}

/** Wholly inside the window's width (a row lower in a list may sit below the fold). */
function isInViewportHorizontally(element: Element) {
  const box = element.getBoundingClientRect();
  return box.left >= 0 && box.right <= window.innerWidth;
}
