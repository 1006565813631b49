import type { Locator, Page } from 'playwright-core';
import { waitForPath } from './ui';

/** The queue's row for a trade: oldest first, so other tests' trades may put it on a later page. */
export async function findQueueRow(main: Locator, reference: string) {
  await main.getByRole('list', { name: 'Pending trades' }).waitFor();
  const row = main.getByRole('listitem').filter({ hasText: reference });
  while (!(await row.isVisible())) {
    await main.getByRole('button', { name: 'Next' }).click();
    await main.getByRole('list', { name: 'Pending trades' }).waitFor();
  }
  return row;
}

/** The console's menu entries these tests open: where each lands and the page's heading there. */
const DESKS = {
  Rates: { path: '/console/rates', heading: 'Rate sheet' },
  Catalog: { path: '/console/catalog', heading: 'Catalog' },
  Staff: { path: '/console/staff', heading: 'Staff and roles' },
  'Audit trail': { path: '/console/audit', heading: 'Audit trail' },
  Books: { path: '/console/reports', heading: 'Books' },
} as const;

/** The console menu of a page, as a signed-in operator or admin sees it. */
export const consoleMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Operator console' });

/** Opens a desk from the console menu as a person does, and waits for its heading. */
export async function openConsoleDesk(page: Page, desk: keyof typeof DESKS) {
  const { path, heading } = DESKS[desk];
  await consoleMenu(page).getByRole('link', { name: desk }).click();
  await waitForPath(page, path);
  await page.getByRole('main').getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Every console screen, as an admin sees the navigation (the phone and accessibility tests). */
export const CONSOLE_PATHS = [
  '/console',
  '/console/trades',
  '/console/withdrawals',
  '/console/users',
  '/console/kyc',
  '/console/rates',
  '/console/catalog',
  '/console/staff',
  '/console/audit',
  '/console/reports',
];
