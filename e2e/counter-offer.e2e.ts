import { confirmedPerson } from './support/accounts';
import { formatKobo } from './support/catalog';
import { approveAt, createPendingTrade, walletBalanceOf } from './support/money';
import { describe, expect, test } from './support/test';
import { signIn, waitForToast } from './support/ui';

const POLL = { timeout: 10_000 };
const NOTE = 'The card balance reads $8, not $10.';

const tradePage = (id: string) => `/dashboard/transaction-history/trades/${id}`;

/** Two-thirds of the expected value, in whole naira: an offer below what the seller was shown. */
const lowerThan = (expected: number) => Math.floor((expected * 2) / 3);

describe('counter-offers on a 360 px phone', () => {
  test('the operator offers less, the seller accepts in the dashboard, the wallet gets the new value', async ({
    page,
    baseUrl,
    step,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller);
    const offer = lowerThan(trade.expected_value);
    const offered = formatKobo(offer * 100);
    const main = page.getByRole('main');

    await step('the operator approves below the expected value: an offer, no money', async () => {
      expect((await approveAt(baseUrl, trade.id, offer, NOTE)).status).toBe('counter_offered');
      expect(await walletBalanceOf(baseUrl, seller)).toBe(0);
    });
    await step('the seller sees both values, the note, the deadline and the default', async () => {
      await signIn(page, seller.email, seller.password);
      await page.goto(tradePage(trade.id));
      const panel = main.getByRole('region', { name: 'Our offer for this trade' });
      await panel.waitFor();
      await expect
        .poll(() => panel.locator('del').textContent(), POLL)
        .toContain(formatKobo(Math.round(trade.expected_value * 100)));
      const words = (await panel.textContent()) ?? '';
      expect(words).toContain(offered);
      expect(words).toContain(NOTE);
      expect(words).toMatch(/Answer by \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
      expect(words).toContain('we decline it for you and nothing is paid');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
    await step('the seller accepts and confirms', async () => {
      const panel = main.getByRole('region', { name: 'Our offer for this trade' });
      await panel.getByRole('button', { name: `Accept ${offered}` }).click();
      const dialog = page.getByRole('dialog', { name: `Accept ${offered}?` });
      await dialog.getByRole('button', { name: `Yes, accept ${offered}` }).click();
      await waitForToast(page, `You accepted our offer. ${offered} is in your wallet.`);
    });
    await step('the trade is approved at the new value, and the wallet holds it', async () => {
      await main.getByText('Approved', { exact: true }).first().waitFor();
      await expect.poll(() => walletBalanceOf(baseUrl, seller), POLL).toBe(offer);
      await expect
        .poll(() => main.getByRole('region', { name: 'Our offer for this trade' }).count())
        .toBe(0);
    });
  });

  test('the seller declines: the trade is Declined, the e-code is said to be unused, no money moves', async ({
    page,
    baseUrl,
    step,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const seller = await confirmedPerson(baseUrl);
    const code = `X7K2-9PQR-${String(Date.now()).slice(-8)}`;
    const trade = await createPendingTrade(baseUrl, seller, undefined, code);
    const offer = lowerThan(trade.expected_value);
    const main = page.getByRole('main');

    await step('the operator offers less', async () => {
      expect((await approveAt(baseUrl, trade.id, offer, NOTE)).status).toBe('counter_offered');
    });
    await step('the seller declines and confirms', async () => {
      await signIn(page, seller.email, seller.password);
      await page.goto(tradePage(trade.id));
      const panel = main.getByRole('region', { name: 'Our offer for this trade' });
      await panel.getByRole('button', { name: 'Decline' }).click();
      const dialog = page.getByRole('dialog', { name: 'Decline our offer?' });
      expect(await dialog.textContent()).toContain('Your card was not used by us');
      await dialog.getByRole('button', { name: 'Yes, decline' }).click();
      await waitForToast(page, `You declined our offer. Trade ${trade.reference} is closed.`);
    });
    await step(
      'the trade is Declined and says the e-code was not used; no money moved',
      async () => {
        const outcome = main.getByRole('region', { name: 'Why the trade was declined' });
        await outcome.waitFor();
        expect(await outcome.textContent()).toContain(
          'Your card was not used by us: the e-code is still yours to sell or spend.',
        );
        await main.getByText('Declined', { exact: true }).first().waitFor();
        expect(await walletBalanceOf(baseUrl, seller)).toBe(0);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(360);
      },
    );
  });
});
