import { readFile } from 'node:fs/promises';
import { getLagosMonth } from '@karta/shared/dates';
import { confirmedPerson } from './support/accounts';
import { fundWallet } from './support/money';
import { describe, expect, test } from './support/test';
import { signIn } from './support/ui';

/** "₦4,999.50" → "4999.50", the CSV's way of writing naira. */
const csvNaira = (shown: string) => shown.replace(/[₦,\s]/g, '');

describe('wallet statement', () => {
  test('at 360 px a funded seller downloads this month: the CSV closes at the dashboard balance, the PDF is a PDF', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await fundWallet(baseUrl, person, 4_999.5);
    await page.setViewportSize({ width: 360, height: 740 });
    const month = getLagosMonth(new Date());
    let balance = '';

    await step('sign in: the wallet shows the balance', async () => {
      await signIn(page, person.email, person.password);
      const wallet = page.getByRole('region', { name: 'Naira wallet' });
      await wallet.getByText('₦4,999.50').waitFor();
      balance = csvNaira((await wallet.locator('.money').first().textContent()) ?? '');
      expect(balance).toBe('4999.50');
    });

    await step('the statement offers this month first, and fits the phone', async () => {
      const statement = page.getByRole('region', { name: 'Statement' });
      await statement.scrollIntoViewIfNeeded();
      await expect.poll(() => statement.getByLabel('Month').inputValue()).toBe(month);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });

    await step('the CSV downloads and closes at the balance shown', async () => {
      const statement = page.getByRole('region', { name: 'Statement' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        statement.getByRole('button', { name: /^Download CSV/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`karta-statement-${month}.csv`);
      const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
      const lines = text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'date_time_lagos,description,reference,money_in_naira,money_out_naira,balance_naira',
      );
      const opening = lines[1]?.split(',') ?? [];
      const closing = lines.at(-1)?.split(',') ?? [];
      expect(opening[1]).toBe('Opening balance');
      expect(closing[1]).toBe('Closing balance');
      expect(closing.at(-1)).toBe(balance);
      expect(lines.some((line) => line.includes(',4999.50,,4999.50'))).toBe(true);
      await statement.getByText(`karta-statement-${month}.csv is downloading.`).waitFor();
    });

    await step('the PDF downloads as application/pdf', async () => {
      const statement = page.getByRole('region', { name: 'Statement' });
      const [response, download] = await Promise.all([
        page.waitForResponse((answer) => answer.url().includes('format=pdf')),
        page.waitForEvent('download'),
        statement.getByRole('button', { name: /^Download PDF/ }).click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(download.suggestedFilename()).toBe(`karta-statement-${month}.pdf`);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});
