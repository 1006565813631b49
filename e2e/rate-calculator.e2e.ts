import type { Locator, Page } from 'playwright-core';
import { confirmedPerson } from './support/accounts';
import { cardWithRate } from './support/admin-catalog';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin } from './support/money';
import { amazonUsaPhysical, formatKobo, groupThousands } from './support/catalog';
import { describe, expect, test, type Step } from './support/test';
import { DASHBOARD_HOME, submitLogin, waitForPath } from './support/ui';

/** Waits for the network and a render: well past the 500 ms search debounce. */
const POLL = { timeout: 10_000 };

/**
 * Waits until the app has taken over this element's page (RootLayout marks <html> with
 * data-hydrated). /login and /rate-calculator are served pre-rendered: before hydration a click
 * opens no dropdown, and Sign In submits the form natively (a GET to /login with the password in
 * the address), which is what a fast test hits.
 */
async function waitForHydration(element: Locator) {
  await expect
    .poll(
      () => element.evaluate((node) => node.ownerDocument.documentElement.dataset.hydrated),
      POLL,
    )
    .toBe('true');
}

/** Opens a dropdown (after the page has hydrated, so the click really opens it). */
async function openDropdown(page: Page, label: string) {
  const box = page.getByRole('main').getByRole('combobox', { name: label, exact: true });
  await waitForHydration(box);
  await box.click();
  await expect.poll(() => box.getAttribute('aria-expanded'), POLL).toBe('true');
  return box;
}

/** Chooses the card and subcategory through the dropdowns, then checks values for two amounts. */
async function calculate(page: Page, step: Step, baseUrl: string) {
  const { card, subcategory } = await amazonUsaPhysical(baseUrl);
  const main = page.getByRole('main');
  await step(`choose the ${card.name} gift card`, async () => {
    const box = await openDropdown(page, 'Gift card');
    await box.fill(card.name);
    await main.getByRole('option', { name: card.name, exact: true }).click();
    await expect.poll(() => box.inputValue(), POLL).toBe(card.name);
  });
  await step(`choose the ${subcategory.name} subcategory`, async () => {
    const box = await openDropdown(page, 'Subcategory');
    await main.getByRole('option', { name: subcategory.name, exact: true }).click();
    await expect.poll(() => box.inputValue(), POLL).toBe(subcategory.name);
  });

  const amountBox = main.getByRole('textbox', { name: 'Card amount', exact: true });
  const value = main.getByLabel('Value in NGN', { exact: true });
  const inRange = Math.floor((subcategory.min_amount + subcategory.max_amount) / 2);
  await step(`type ${String(inRange)}, inside the range`, async () => {
    await amountBox.fill(String(inRange));
    const expected = formatKobo(Math.round(subcategory.rate * 100) * inRange);
    await expect.poll(async () => (await value.textContent())?.trim(), POLL).toBe(expected);
  });

  const outOfRange = subcategory.max_amount + 1;
  await step(`type ${String(outOfRange)}, above the range`, async () => {
    // The seeded USA subcategories are priced in dollars.
    expect(subcategory.currency).toBe('USD');
    const dollars = (amount: number) => `$${groupThousands(String(amount))}`;
    await amountBox.fill(String(outOfRange));
    await main
      .getByRole('alert')
      .filter({
        hasText: `Enter an amount between ${dollars(subcategory.min_amount)} and ${dollars(subcategory.max_amount)}`,
      })
      .waitFor();
  });
}

describe('rate calculator', () => {
  test('public page: card, subcategory and amount give the value in naira', async ({
    page,
    step,
    baseUrl,
  }) => {
    await step('open /rate-calculator', async () => {
      await page.goto('/rate-calculator');
      await page.getByRole('heading', { level: 1, name: 'Rate Calculator' }).waitFor();
    });
    await calculate(page, step, baseUrl);
  });

  test('at 360 px: a card amount with cents is kept, valued to the kobo, on one line (decision 043)', async ({
    page,
    step,
    baseUrl,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // A rate of ₦99,999.99 makes a value as long as a real one gets (₦49,999,495.00 for $499.99),
    // which a 360 px screen only fits on one line if no digit is allowed to break.
    const card = { name: `Cents Shop ${String(Date.now()).slice(-6)}` };
    const subcategory = { name: 'USA physical', rate: 99_999.99, max_amount: 500 };
    const { token } = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
    await cardWithRate(baseUrl, token, {
      card: card.name,
      subcategory: subcategory.name,
      rate: subcategory.rate.toFixed(2),
    });
    const main = page.getByRole('main');
    await step('open /rate-calculator, choose the card and subcategory', async () => {
      await page.goto('/rate-calculator');
      const box = await openDropdown(page, 'Gift card');
      await box.fill(card.name);
      await main.getByRole('option', { name: card.name, exact: true }).click();
      await openDropdown(page, 'Subcategory');
      await main.getByRole('option', { name: subcategory.name, exact: true }).click();
    });
    const amountBox = main.getByRole('textbox', { name: 'Card amount', exact: true });
    const value = main.getByLabel('Value in NGN', { exact: true });
    const typed = `${String(subcategory.max_amount - 1)}.99`;
    await step(`type ${typed}: the cents stay, the value counts them`, async () => {
      await amountBox.pressSequentially(typed);
      expect(await amountBox.inputValue()).toBe(typed);
      const cents = (subcategory.max_amount - 1) * 100 + 99;
      const expected = formatKobo(Math.round((Math.round(subcategory.rate * 100) * cents) / 100));
      await expect.poll(async () => (await value.textContent())?.trim(), POLL).toBe(expected);
    });
    await step('a third decimal is refused, and the field says so', async () => {
      await amountBox.press('5');
      expect(await amountBox.inputValue()).toBe(typed);
      await main.getByText('Type digits, with a point for cents').waitFor();
    });
    await step('the naira value sits on one line at 360 px', async () => {
      const lines = await value.evaluate((node) => {
        const range = node.ownerDocument.createRange();
        range.selectNodeContents(node);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
      // …and fits the screen instead of pushing the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
    });
  });

  test('public page: the gift card search filters the list', async ({ page, step }) => {
    await step('open /rate-calculator', async () => {
      await page.goto('/rate-calculator');
      await page.getByRole('heading', { level: 1, name: 'Rate Calculator' }).waitFor();
    });
    await step('type "ste": Steam is listed, Amazon is not', async () => {
      const box = await openDropdown(page, 'Gift card');
      await box.fill('ste');
      const listbox = page.getByRole('main').getByRole('listbox', { name: 'Gift card' });
      // The search answers after the debounce; until then the unfiltered first page shows.
      await expect
        .poll(async () => {
          const names = await listbox.getByRole('option').allTextContents();
          return names.includes('Steam') && !names.includes('Amazon');
        }, POLL)
        .toBe(true);
      expect(await listbox.getByRole('option', { name: 'Steam', exact: true }).count()).toBe(1);
      expect(await listbox.getByRole('option', { name: 'Amazon', exact: true }).count()).toBe(0);
    });
  });

  test('dashboard: the same calculator for a signed-in user', async ({ page, step, baseUrl }) => {
    const person = await confirmedPerson(baseUrl);
    await step('sign in', async () => {
      await page.goto('/login');
      await waitForHydration(page.getByRole('button', { name: 'Sign In', exact: true }));
      await submitLogin(page, person.email, person.password);
      await waitForPath(page, DASHBOARD_HOME);
    });
    await step('open Rate Calculator from the dashboard menu', async () => {
      const menu = page.getByRole('complementary', { name: 'Dashboard menu' });
      await menu.getByRole('link', { name: 'Rate Calculator', exact: true }).click();
      await waitForPath(page, '/dashboard/rate-calculator');
      await page.getByRole('heading', { level: 1, name: 'Rate Calculator' }).waitFor();
    });
    await calculate(page, step, baseUrl);
  });
});
