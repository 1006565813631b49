/** What an admin does on the catalog (`/console/catalog`), as the page words it. */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { waitForToast } from './ui';

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

/** Fills "Add a card" on the catalog and adds it; the new card's id, from the page it opens. */
export async function addCardInCatalog(
  page: Page,
  card: { name: string; brandColour: string; sortOrder: string },
) {
  const main = page.getByRole('main');
  const form = main.getByRole('region', { name: 'Add a card' });
  await form.getByLabel('Card name').fill(card.name);
  await form.getByLabel('Brand colour').fill(card.brandColour);
  await form.getByLabel('Sort order').fill(card.sortOrder);
  await form.getByRole('button', { name: 'Add card' }).click();
  await main.getByRole('heading', { level: 1, name: card.name }).waitFor();
  await waitForToast(page, `${card.name} added.`);
  const cardId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect(cardId).toMatch(/^[0-9a-f-]{36}$/);
  return cardId;
}

/**
 * On a card's page, uploads a real picture over a slow connection: the progress bar shows while
 * it goes, and the browser then shows the stored image (the server's re-encoded WebP).
 */
export async function uploadCardImage(page: Page, cardName: string) {
  const section = page.getByRole('main').getByRole('region', { name: 'Card image' });
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
  await waitForToast(page, `The image of ${cardName} is updated.`);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await section.getByRole('progressbar').waitFor({ state: 'detached' });
  const shown = section.getByRole('img', { name: `The image of ${cardName}` });
  await expect.poll(() => shown.getAttribute('src')).toMatch(/\/card\/image\//);
  // The stored picture is the server's re-encoded WebP, and the browser can show it.
  await expect
    .poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}
