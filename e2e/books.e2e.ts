import { confirmedPerson } from './support/accounts';
import {
  dayCsvButton,
  downloadCsv,
  downloadYesterdaysBooks,
  lagosToday,
  lagosYesterday,
} from './support/books-desk';
import { openConsoleDesk } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { fundWallet } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole } from './support/ui';

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
      await openConsoleDesk(page, 'Books');
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
        await dayCsvButton(page, 1).waitFor();
      },
    );

    await step('today’s CSV downloads with the same figures', async () => {
      const { fileName, lines } = await downloadCsv(page, dayCsvButton(page, 0));
      expect(fileName).toBe(`karta-books-${today}-${today}.csv`);
      const [header, row, ...rest] = lines;
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
      await downloadYesterdaysBooks(page);
    });

    await step('the range’s CSV holds yesterday and today, one row each', async () => {
      const { fileName, lines } = await downloadCsv(
        page,
        main.getByRole('button', { name: /^Download CSV from / }),
      );
      expect(fileName).toMatch(/^karta-books-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(lines).toHaveLength(31);
      expect(lines.at(-2)?.startsWith(`${lagosYesterday()},`)).toBe(true);
      expect(lines.at(-1)?.startsWith(`${today},`)).toBe(true);
    });
  });
});
