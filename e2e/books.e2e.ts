import { readFile } from 'node:fs/promises';
import { confirmedPerson } from './support/accounts';
import { E2E_ADMIN } from './support/harness.mjs';
import { fundWallet } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole, waitForPath } from './support/ui';

/** Today in Lagos (UTC+1 all year), as the server's books name it. */
const lagosToday = () => new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 10);
const lagosYesterday = () =>
  new Date(Date.now() + 60 * 60 * 1000 - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('the books', () => {
  test('an admin opens the books, sees today’s figures and downloads the CSV', async ({
    page,
    baseUrl,
    step,
  }) => {
    // Money that moves today: a seller's trade approved at ₦4,321.50.
    const seller = await confirmedPerson(baseUrl);
    await fundWallet(baseUrl, seller, 4_321.5);
    const main = page.getByRole('main');
    const today = lagosToday();

    await step('the admin opens Books from the console menu', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await page
        .getByRole('navigation', { name: 'Operator console' })
        .getByRole('link', { name: 'Books' })
        .click();
      await waitForPath(page, '/console/reports');
      await main.getByRole('heading', { level: 1, name: 'Books' }).waitFor();
    });

    let credited = '';
    await step(
      'today is the first row, yesterday below it, and today shows the credit',
      async () => {
        const table = main.getByRole('table', { name: /books per Lagos day/ });
        const rows = table.getByRole('row');
        await expect.poll(() => rows.count()).toBe(31);
        const todayRow = rows.nth(1);
        const cells = await todayRow.getByRole('cell').allTextContents();
        // Submitted, approved, rejected, face value, credited, …
        credited = cells[4] ?? '';
        expect(Number(credited.replace(/[₦,]/g, ''))).toBeGreaterThanOrEqual(4_321.5);
        expect(Number(cells[1])).toBeGreaterThanOrEqual(1);
        await main.getByRole('img', { name: /credited to sellers and paid out/ }).waitFor();
        await table
          .getByRole('button', { name: /^Download CSV for / })
          .nth(1)
          .waitFor();
      },
    );

    await step('today’s CSV downloads with the same figures', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main
          .getByRole('table')
          .getByRole('button', { name: /^Download CSV for / })
          .first()
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(`karta-books-${today}-${today}.csv`);
      const text = await readFile(await download.path(), 'utf8');
      const [header, row, ...rest] = text.trimEnd().split('\r\n');
      expect(rest).toEqual([]);
      const columns = (header ?? '').split(',');
      const values = (row ?? '').split(',');
      const value = (name: string) => values[columns.indexOf(name)];
      expect(value('day')).toBe(today);
      expect(value('credited_naira')).toBe(credited.replace(/[₦,]/g, ''));
      expect(value('credited_naira')).toMatch(/^\d+\.\d{2}$/);
      expect(Number(value('trades_approved'))).toBeGreaterThanOrEqual(1);
    });

    await step('yesterday’s books download as their own CSV', async () => {
      const yesterday = lagosYesterday();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main
          .getByRole('table')
          .getByRole('button', { name: /^Download CSV for / })
          .nth(1)
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(`karta-books-${yesterday}-${yesterday}.csv`);
      const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]?.startsWith('day,trades_submitted,')).toBe(true);
      expect(lines[1]?.startsWith(`${yesterday},`)).toBe(true);
    });

    await step('the range’s CSV holds yesterday and today, one row each', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('button', { name: /^Download CSV from / }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^karta-books-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
      expect(lines).toHaveLength(31);
      expect(lines.at(-2)?.startsWith(`${lagosYesterday()},`)).toBe(true);
      expect(lines.at(-1)?.startsWith(`${today},`)).toBe(true);
    });
  });
});
