import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { call, confirmedPerson } from './support/accounts';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin, sellCard } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole, waitForPath, waitForToast } from './support/ui';

/**
 * A real PNG of random noise (it cannot compress, so it stays about 700 KB), as an admin would pick from their
 * phone: large enough that a slow connection shows the progress bar.
 */
const brandPicture = () => {
  const width = 600;
  const height = 380;
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
};

/** About 3G's upload speed, in Chromium's own network emulation (bytes per second). */
const SLOW_UPLOAD = 200 * 1024;

describe('catalog desk', () => {
  test('an admin adds a card with its image and a subcategory, then deactivates the subcategory and is told a trade waits', async ({
    page,
    step,
    baseUrl,
  }) => {
    const name = `Karta Test ${String(Date.now()).slice(-6)}`;
    const subcategoryName = 'USA physical $10–$500';
    const main = page.getByRole('main');
    let cardId = '';

    await step('the admin opens the catalog from the console', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await page
        .getByRole('navigation', { name: 'Operator console' })
        .getByRole('link', { name: 'Catalog' })
        .click();
      await waitForPath(page, '/console/catalog');
      await main.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
    });
    await step('add the card', async () => {
      const form = main.getByRole('region', { name: 'Add a card' });
      await form.getByLabel('Card name').fill(name);
      await form.getByLabel('Brand colour').fill('#6B21A8');
      await form.getByLabel('Sort order').fill('7');
      await form.getByRole('button', { name: 'Add card' }).click();
      await main.getByRole('heading', { level: 1, name }).waitFor();
      await waitForToast(page, `${name} added.`);
      cardId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      expect(cardId).toMatch(/^[0-9a-f-]{36}$/);
    });
    await step('upload its image over a slow connection, with a progress bar', async () => {
      const section = main.getByRole('region', { name: 'Card image' });
      const picture = await brandPicture();
      expect(picture.length).toBeGreaterThan(400 * 1024);
      expect(picture.length).toBeLessThan(2 * 1024 * 1024);
      await section.getByLabel('New image').setInputFiles({
        name: 'brand.png',
        mimeType: 'image/png',
        buffer: picture,
      });
      const network = await page.context().newCDPSession(page);
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 100,
        downloadThroughput: -1,
        uploadThroughput: SLOW_UPLOAD,
      });
      await section.getByRole('button', { name: 'Upload image' }).click();
      await section.getByRole('progressbar', { name: 'Uploading the card image' }).waitFor();
      await section.getByRole('button', { name: 'Uploading...' }).waitFor();
      await waitForToast(page, `The image of ${name} is updated.`);
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await section.getByRole('progressbar').waitFor({ state: 'detached' });
      const shown = section.getByRole('img', { name: `The image of ${name}` });
      await expect.poll(() => shown.getAttribute('src')).toMatch(/\/card\/image\//);
      // The stored picture is the server's re-encoded WebP, and the browser can show it.
      await expect
        .poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    });
    await step('add a subcategory', async () => {
      const section = main.getByRole('region', { name: 'Subcategories' });
      await section.getByText('No subcategories yet').waitFor();
      await section.getByLabel('Subcategory name').fill(subcategoryName);
      await section.getByLabel('Rate (₦ per unit)').fill('1250.50');
      await section.getByLabel('Smallest card').fill('10');
      await section.getByLabel('Largest card').fill('500');
      await section.getByRole('button', { name: 'Add subcategory' }).click();
      const row = section.getByRole('listitem', { name: subcategoryName });
      await row.getByText('₦1,250.50 per USD').waitFor();
      await row.getByText('Active', { exact: true }).waitFor();
    });
    await step('the card is in the public catalog at once', async () => {
      const listed = (await call(
        baseUrl,
        'GET',
        `/api/v1/card/admin_get_gift_card?card_name=${encodeURIComponent(name)}`,
      )) as { data: { data: { id: string }[] } };
      expect(listed.data.data.map((card) => card.id)).toEqual([cardId]);
    });
    await step('a seller sells a card in it, through the API', async () => {
      const admin = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
      const subcategories = (await call(
        baseUrl,
        'GET',
        `/api/v1/admin/catalog/cards/${cardId}/subcategories`,
        undefined,
        admin.token,
      )) as { data: { id: string }[] };
      const subcategoryId = subcategories.data[0]?.id ?? '';
      await sellCard(baseUrl, await confirmedPerson(baseUrl), { subcategoryId, amount: 25 });
    });
    await step(
      'deactivating the subcategory says one trade waits, and still deactivates',
      async () => {
        const row = main.getByRole('listitem', { name: subcategoryName });
        await row.getByRole('button', { name: `Deactivate ${subcategoryName}` }).click();
        const dialog = page.getByRole('dialog', { name: `Deactivate ${subcategoryName}?` });
        await dialog
          .getByText(
            '1 trade is still waiting for a decision on it. It stays in the review queue and is decided at the rate the seller was given.',
          )
          .waitFor();
        await dialog.getByRole('button', { name: 'Deactivate' }).click();
        await waitForToast(
          page,
          `${subcategoryName} deactivated. 1 trade is still waiting for a decision.`,
        );
        await row.getByText('Inactive').waitFor();
        await row.getByRole('button', { name: `Activate ${subcategoryName}` }).waitFor();
      },
    );
  });
});
