import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { call, confirmedPerson } from './support/accounts';
import { apiLogin, fundWallet, OPERATOR, setPin } from './support/money';
import { describe, expect, test } from './support/test';
import { signIn, signInToConsole, waitForToast } from './support/ui';

const DOCUMENTS = '/dashboard/settings/verification/documents';
const PHONE = { width: 390, height: 844 };

/** A real JPEG of some noise, as a phone's camera gives (a flat colour would compress to nothing). */
async function cameraShot(name: string, hue: number) {
  const width = 480;
  const height = 320;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * (7919 + hue)) % 251;
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Fills and sends the documents form as a seller does on a phone. */
async function sendDocuments(page: Page) {
  const form = page.getByRole('form', { name: 'Your documents' });
  await form.getByLabel('ID type').selectOption('drivers_licence');
  await form.getByLabel('ID number').fill('LAG-12345-AB');
  await form.getByLabel('Front of the ID').setInputFiles(await cameraShot('front.jpg', 2));
  await form.getByLabel('Back of the ID').setInputFiles(await cameraShot('back.jpg', 4));
  await form.getByLabel('Selfie').setInputFiles(await cameraShot('selfie.jpg', 6));
  await form.getByLabel('Home address').fill('14 Adeola Odeku Street, Victoria Island, Lagos');
  await form.getByLabel('Proof of address').setInputFiles(await cameraShot('bill.jpg', 8));
  await form.getByRole('button', { name: 'Send documents' }).click();
  await page.getByText('Waiting for review').waitFor();
}

const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('tier 3 documents', () => {
  test('a seller sends documents from a phone; an operator rejects them, the seller sends again, and they are approved', async ({
    page,
    secondPage,
    baseUrl,
    step,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    // A wallet and a PIN, so the withdraw form shows the tier's room at the end.
    await fundWallet(baseUrl, seller, 5_000);
    await setPin(baseUrl, seller, '4829');
    const { token, userId } = await apiLogin(baseUrl, seller.email, seller.password);
    const bvn = `2${String(Date.now()).slice(-10)}`;
    await call(baseUrl, 'POST', `/api/v1/user/verify_kyc/${userId}`, { bvn }, token);
    // Tier 2 first (the sandbox's NINs starting with 1 are the holder's own): documents build on it.
    const nin = `1${String(Date.now()).slice(-10)}`;
    await call(baseUrl, 'POST', `/api/v1/user/verify_nin/${userId}`, { nin }, token);
    const sellerName = `${seller.first_name} ${seller.last_name}`;
    const operator = secondPage;

    await step(
      'the seller sends the ID, a selfie and a proof of address on a 390 px phone',
      async () => {
        await page.setViewportSize(PHONE);
        await signIn(page, seller.email, seller.password);
        await page.goto(DOCUMENTS);
        await page.getByRole('heading', { level: 2, name: 'Your documents' }).waitFor();
        expect(await widthOf(page)).toBeLessThanOrEqual(PHONE.width);
        await sendDocuments(page);
      },
    );

    const review = async () => {
      await operator.goto('/console/kyc');
      await operator.getByRole('list', { name: 'Documents' }).getByText(sellerName).click();
      await operator.getByRole('img', { name: 'ID, front' }).waitFor();
      await operator.getByRole('img', { name: 'Selfie' }).waitFor();
      // Opening the documents claims them (decision 078): the decision's buttons follow.
      await operator.getByRole('button', { name: 'Approve: tier 3' }).waitFor();
    };

    await step(
      'the operator finds them oldest first at 1280 px, the ID beside the selfie, and rejects them',
      async () => {
        await signInToConsole(operator, '/console/kyc', OPERATOR);
        await review();
        const front = await operator.getByRole('img', { name: 'ID, front' }).boundingBox();
        const selfie = await operator.getByRole('img', { name: 'Selfie' }).boundingBox();
        // Side by side: the same row, the selfie to the right.
        expect(Math.abs((front?.y ?? 0) - (selfie?.y ?? 1))).toBeLessThan(2);
        expect(selfie?.x ?? 0).toBeGreaterThan((front?.x ?? 0) + (front?.width ?? 0) - 1);
        const form = operator.getByRole('form', { name: 'Reject' });
        await form.getByLabel('Reason').selectOption('blurry');
        await form.getByLabel('Note to the seller').fill('The licence number cannot be read.');
        await form.getByRole('button', { name: 'Reject' }).click();
        await waitForToast(operator, 'Documents rejected. The seller is told why.');
      },
    );

    await step('the seller reads why, and sends again', async () => {
      await page.reload();
      await page.getByText('A photo was too blurry to read.').waitFor();
      await page.getByText('The licence number cannot be read.').waitFor();
      await page.getByRole('button', { name: 'Send again' }).click();
      await sendDocuments(page);
    });

    await step('while they wait, the withdraw form counts tier 2’s day: ₦1,000,000', async () => {
      await page.goto('/dashboard/withdraw');
      await page.getByText(/Your verification tier is 2: ₦1,000,000\.00 left today\./).waitFor();
      await page.goto(DOCUMENTS);
      await page.getByText('Waiting for review').waitFor();
    });

    await step('the operator approves the new ones; the seller is tier 3', async () => {
      await review();
      await operator.getByRole('button', { name: 'Approve: tier 3' }).click();
      await waitForToast(operator, 'Documents approved. The seller is told.');
      await page.reload();
      await page.getByText('Approved', { exact: true }).waitFor();
      await page.getByText(/You are tier 3: ₦5,000,000 a day\./).waitFor();
    });

    await step(
      'the withdraw form now counts tier 3’s day: ₦5,000,000 left, not tier 2’s ₦1,000,000',
      async () => {
        await page.goto('/dashboard/withdraw');
        await page.getByRole('combobox', { name: 'Bank' }).waitFor();
        // The highest tier: no "raise your limit" line, today's room at tier 3's figure.
        await page.getByText(/₦5,000,000\.00 left of today’s limit\./).waitFor();
      },
    );
  });
});
