import type { Locator, Page } from 'playwright-core';
import { confirmedPerson } from './support/accounts';
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

interface Subcategory {
  id: string;
  name: string;
  rate: number;
  currency: string;
  min_amount: number;
  max_amount: number;
}

interface List<T> {
  data: { data: T[] };
}

async function getList<T>(baseUrl: string, url: string): Promise<T[]> {
  const response = await fetch(`${baseUrl}/api/v1${url}`);
  if (!response.ok) throw new Error(`GET ${url} answered ${String(response.status)}`);
  return ((await response.json()) as List<T>).data.data;
}

/**
 * The seeded Amazon card and its first "USA physical" subcategory, read from the API the page
 * calls, so the test checks the screen against the catalog rather than against copied numbers.
 */
async function amazonUsaPhysical(baseUrl: string) {
  const cards = await getList<{ id: string; name: string }>(
    baseUrl,
    '/card/admin_get_gift_card?card_name=amazon',
  );
  const card = cards.find((each) => each.name === 'Amazon');
  if (!card) throw new Error('the seeded catalog has no card named Amazon');
  const subcategories = await getList<Subcategory>(
    baseUrl,
    `/card/get_gift_card_category/${encodeURIComponent(card.id)}?device=web`,
  );
  const subcategory = subcategories.find((each) => each.name.startsWith('USA physical'));
  if (!subcategory) throw new Error('Amazon has no "USA physical" subcategory');
  return { card, subcategory };
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Whole kobo as "₦1,180,000.00", by integer arithmetic only. */
function formatKobo(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return `₦${groupThousands(String(naira))}.${String(rest).padStart(2, '0')}`;
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
