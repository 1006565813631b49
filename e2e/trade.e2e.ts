import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { call, confirmedPerson } from './support/accounts';
import { amazonUsaPhysical, formatKobo } from './support/catalog';
import { describe, expect, test } from './support/test';
import { DASHBOARD_HOME, signIn, waitForPath } from './support/ui';

const POLL = { timeout: 10_000 };
/** Seeded in development with the demo data (README). */
const OPERATOR = { email: 'operator@karta.example', password: 'KartaDemo#2026' };

/** A real JPEG card photo on disk, as a phone's file picker would hand it over. */
async function photoFile(): Promise<string> {
  const width = 1200;
  const height = 750;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'karta-photo-')), 'amazon-card.jpg');
  writeFileSync(
    file,
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
  return file;
}

interface PendingTrade {
  id: string;
  reference: string;
}

/** The operator signs in through the API and approves the trade with this reference. */
async function approveAsOperator(baseUrl: string, reference: string) {
  const session = (await call(baseUrl, 'POST', '/api/v1/auth/login', {
    ...OPERATOR,
    device: 'web',
  })) as { token: string };
  const queue = (await call(
    baseUrl,
    'GET',
    '/api/v1/admin/trades?status=pending&size=50',
    undefined,
    session.token,
  )) as { data: { data: PendingTrade[] } };
  const trade = queue.data.data.find((each) => each.reference === reference);
  if (!trade) throw new Error(`trade ${reference} is not in the review queue`);
  await call(baseUrl, 'POST', `/api/v1/admin/trades/${trade.id}/approve`, {}, session.token);
}

describe('trades', () => {
  test('sell a card with a photo; once an operator approves it, the naira is on the overview', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    const { card, subcategory } = await amazonUsaPhysical(baseUrl);
    const amount = Math.min(Math.max(subcategory.min_amount, 100), subcategory.max_amount);
    const expected = formatKobo(Math.round(subcategory.rate * 100) * amount);
    const main = page.getByRole('main');

    await step('sign in', () => signIn(page, person.email, person.password));
    await step('press Trade', async () => {
      await page.getByRole('link', { name: 'Trade', exact: true }).first().click();
      await main.getByRole('heading', { level: 1, name: 'Trade a gift card' }).waitFor();
    });
    await step(`choose ${card.name} and ${subcategory.name}`, async () => {
      const cardBox = main.getByRole('combobox', { name: 'Gift card', exact: true });
      await cardBox.click();
      await cardBox.fill(card.name);
      await main.getByRole('option', { name: card.name, exact: true }).click();
      await main.getByRole('combobox', { name: 'Subcategory', exact: true }).click();
      await main.getByRole('option', { name: subcategory.name, exact: true }).click();
    });
    await step(`enter ${String(amount)}, a comment and a photo`, async () => {
      await main.getByLabel('Card amount', { exact: true }).fill(String(amount));
      await main
        .getByLabel('Comment (optional)')
        .fill('Bought at the airport, scratched carefully');
      await main.getByLabel('Choose photos').setInputFiles(await photoFile());
      await main.getByText('1 of 10 photos added').waitFor();
    });
    await step('Proceed shows the summary with the naira value', async () => {
      await main.getByRole('button', { name: 'Proceed' }).click();
      await main.getByRole('button', { name: 'Create trade' }).waitFor();
      await main.getByText(expected).first().waitFor();
    });
    let reference = '';
    await step('Create trade uploads it and shows the reference', async () => {
      await main.getByRole('button', { name: 'Create trade' }).click();
      await main.getByRole('heading', { name: 'Trade created' }).waitFor({ timeout: 30_000 });
      reference =
        (await main
          .getByText(/^KT-[0-9A-Z]{8}$/)
          .first()
          .textContent()) ?? '';
      expect(reference).toMatch(/^KT-[0-9A-Z]{8}$/);
    });
    await step('the trade waits in the history', async () => {
      await main.getByRole('link', { name: 'Go to trade history' }).click();
      await waitForPath(page, '/dashboard/transaction-history/trades');
      await main.getByRole('link', { name: new RegExp(`${card.name}.*Pending`, 's') }).waitFor();
    });
    await step('an operator approves it through the API', () =>
      approveAsOperator(baseUrl, reference),
    );
    await step('the overview shows the new balance', async () => {
      await page.goto(DASHBOARD_HOME);
      const wallet = main.getByRole('region', { name: 'Naira wallet' });
      await expect
        .poll(async () => (await wallet.textContent())?.includes(expected), POLL)
        .toBe(true);
    });
    await step('the trade shows as approved, with its photo', async () => {
      await main.getByRole('link', { name: new RegExp(`${card.name}.*Approved`, 's') }).click();
      await main.getByText(reference).first().waitFor();
      const images = main.locator('img[src*="/api/v1/trade/images/"]');
      await images.first().waitFor();
      const loaded = await images
        .first()
        .evaluate((image) => (image as HTMLImageElement).naturalWidth);
      expect(loaded).toBeGreaterThan(0);
    });
  });
});
