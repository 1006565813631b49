/** The audit trail (`/console/audit`), as an admin reads it. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Filters the trail by one action, ticked by its label in the Actions list; waits until the
 * address holds the action's code, which is what the page asks the API for.
 */
export async function filterAuditByAction(page: Page, label: string, action: string) {
  const main = page.getByRole('main');
  await main.getByText('Actions (all)').click();
  await main.getByRole('checkbox', { name: label }).check();
  await main.getByRole('button', { name: 'Apply filters' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe(action);
  await main.getByRole('link', { name: 'Clear filters' }).waitFor();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The link of a subcategory's rate change on the trail to where the rate lives; the row names
 * the subcategory with its card ("Open Subcategory Amazon › USA physical (Rate changed)").
 */
export const rateChangeLink = (page: Page, subcategory: string) =>
  page.getByRole('link', {
    name: new RegExp(`^Open Subcategory (.+ › )?${escapeRegExp(subcategory)} \\(Rate changed\\)$`),
  });

/**
 * On the trail filtered to "Rate changed", the row of one subcategory's rate change shows old →
 * new (its text reads "Rate:₦1,000.00→₦1,150.50") and who made it, and every row on the page is
 * a rate change.
 */
export async function expectRateChangeInTrail(
  page: Page,
  change: { subcategory: string; from: string; to: string; actor: string },
) {
  const main = page.getByRole('main');
  const row = main.getByRole('listitem').filter({ has: rateChangeLink(page, change.subcategory) });
  await row.waitFor();
  const changes = row.getByRole('list', { name: 'Changes' });
  expect(await changes.textContent()).toContain(`Rate:${change.from}→${change.to}`);
  expect(await row.textContent()).toContain(change.actor);
  // Every row on the page is a rate change: the filter reached the API.
  const labels = await main.getByRole('heading', { level: 2 }).allTextContents();
  expect(new Set(labels)).toEqual(new Set(['Rate changed']));
}
