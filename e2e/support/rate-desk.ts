/** What an admin does on the rate sheet (`/console/rates`), as the page words it. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ratePublishSummary } from '@karta/shared/schemas/rate-change-requests';
import { waitForToast } from './ui';

/** "1 rate", "2 rates": the page's own counting, with an optional word between. */
const rates = (count: number, between = '') =>
  `${String(count)} ${between}${count === 1 ? 'rate' : 'rates'}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The inline rate field of one row, named "<card> / <subcategory>" as the sheet names it. */
export const rateField = (page: Page, row: string) =>
  page.getByRole('main').getByRole('textbox', { name: `Rate for ${row}` });

/**
 * Filters the sheet to one card and waits for its rows and for one row's current rate, so what
 * comes next starts from the published sheet.
 */
export async function showCardOnRateSheet(
  page: Page,
  card: string,
  expected: { rows: number; row: string; rate: string },
) {
  const main = page.getByRole('main');
  await main.getByLabel('Card').fill(card);
  await main.getByRole('button', { name: 'Filter' }).click();
  const table = main.getByRole('table', { name: 'Rate sheet' });
  // The header is a row too.
  await expect.poll(() => table.getByRole('row').count()).toBe(expected.rows + 1);
  await expect.poll(() => rateField(page, expected.row).inputValue()).toBe(expected.rate);
}

/**
 * Pastes rows copied from a spreadsheet into "Paste a rate sheet" and fills the draft; waits
 * until `changed` of them are read and stand in the draft as changes.
 */
export async function pasteRateSheet(page: Page, lines: string[], changed: number) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Paste a rate sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste a rate sheet' });
  await dialog.getByLabel('Rows from your spreadsheet').fill(lines.join('\n'));
  await dialog.getByRole('button', { name: 'Fill the draft' }).click();
  await waitForToast(page, `${rates(changed, 'pasted ')} read.`);
  await main.getByText(`${rates(changed)} changed in the draft`).waitFor();
}

/**
 * Opens the review and checks it lists exactly these changes, in order, each by its text
 * ("₦1,000.00 → ₦1,050.00 +5.0 %"); the list's items, to look closer.
 */
export async function reviewDraft(page: Page, changes: string[]) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Review changes' }).click();
  const items = main.getByRole('list', { name: 'Rate changes' }).getByRole('listitem');
  await expect.poll(() => items.count()).toBe(changes.length);
  for (const [index, change] of changes.entries()) {
    await expect.poll(() => items.nth(index).textContent()).toContain(change);
  }
  return items;
}

/**
 * Publishes the reviewed draft in its one call, waits for the page to say so, and sees the sheet
 * show each new rate (by row, "<card> / <subcategory>": the rate as the field shows it). Rows in
 * `waiting` moved more than 20 %: the page says they wait for a second approval, and the sheet
 * keeps showing the rate in force (given as the field shows it).
 */
export async function publishDraft(
  page: Page,
  newRates: Record<string, string>,
  waiting: Record<string, string> = {},
) {
  const published = Object.entries(newRates);
  const held = Object.entries(waiting);
  await page
    .getByRole('main')
    .getByRole('button', { name: `Publish ${rates(published.length + held.length)}` })
    .click();
  await waitForToast(page, ratePublishSummary(published.length, held.length));
  for (const [row, rate] of [...published, ...held]) {
    await expect.poll(() => rateField(page, row).inputValue()).toBe(rate);
  }
}

/** The waiting list's entry of one row ("<card> / <subcategory>"), once it is listed. */
export async function waitingRateChange(page: Page, row: string) {
  const item = page
    .getByRole('main')
    .getByRole('list', { name: 'Rates waiting for a second approval' })
    .getByRole('listitem', { name: new RegExp(`^${escapeRegExp(row)} \\(`) });
  await item.waitFor();
  return item;
}

/** Confirms a colleague's waiting rate from the list and waits for the page to say so. */
export async function confirmWaitingRate(page: Page, row: string) {
  const item = await waitingRateChange(page, row);
  await item.getByRole('button', { name: `Confirm the rate for ${row}` }).click();
  await page.getByRole('dialog', { name: 'Publish this rate?' }).waitFor();
  await page.getByRole('button', { name: 'Confirm and publish' }).click();
  await waitForToast(page, `Rate for ${row} published.`);
  await item.waitFor({ state: 'detached' });
}
