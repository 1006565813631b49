import type { Locator } from 'playwright-core';

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
