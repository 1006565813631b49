import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import { confirmedPerson } from './support/accounts';
import { findQueueRow } from './support/console';
import { createPendingTrade, OPERATOR, photoBytes } from './support/money';
import { describe, test } from './support/test';
import { signIn, signInToConsole, waitForToast } from './support/ui';

/**
 * Each run its own code, so an earlier run's trades are not the match this test finds; every
 * group holds a digit, as the codes decision 024 recognises do.
 */
const cardCode = () =>
  Array.from(
    { length: 4 },
    () => `${Math.random().toString(36).slice(2, 5)}${String(Math.floor(Math.random() * 10))}`,
  )
    .join('-')
    .toUpperCase();
const NOTE = 'The balance check shows this card was redeemed on 2 November.';

describe('a card sold twice, rejected with proof', () => {
  test('the queue flags the second sale, the operator compares, zooms and turns the photo, rejects with proof; the seller sees reason, note and proof', async ({
    page,
    browser,
    baseUrl,
    step,
  }) => {
    const code = cardCode();
    const first = await confirmedPerson(baseUrl);
    const earlier = await createPendingTrade(baseUrl, first, undefined, `Code: ${code}`);
    const second = await confirmedPerson(baseUrl);
    // The same code typed another way: lower case, spaces for dashes.
    const later = await createPendingTrade(
      baseUrl,
      second,
      undefined,
      `my card ${code.toLowerCase().replaceAll('-', ' ')}`,
    );
    const main = page.getByRole('main');

    await step('the queue marks the later trade as a possible duplicate', async () => {
      await signInToConsole(page, '/console/trades', OPERATOR);
      const row = await findQueueRow(main, later.reference);
      await row.getByText('Possible duplicate').waitFor();
      await row.getByRole('link', { name: new RegExp(later.reference) }).click();
      await main.getByRole('heading', { level: 1, name: `Trade ${later.reference}` }).waitFor();
    });

    await step('the review page names the earlier trade and how they match', async () => {
      const notice = main.getByRole('region', { name: 'Possible duplicate' });
      // The code first (it says more); the same test photo may link it a second time.
      const byCode = notice.getByRole('listitem').first();
      await byCode.getByText('Same e-code').waitFor();
      await byCode.getByRole('link', { name: earlier.reference }).waitFor();
    });

    await step('the photo opens full size; keys zoom and turn it', async () => {
      await main
        .getByRole('button', { name: /^Open photo 1 of / })
        .first()
        .click();
      const viewer = page.getByRole('dialog').getByRole('group', { name: 'Photo viewer' });
      await viewer.focus();
      await page.keyboard.press('+');
      await page.keyboard.press('r');
      await viewer.getByRole('status').filter({ hasText: '150%, turned 90°' }).waitFor();
      await viewer.getByRole('button', { name: 'Reset' }).click();
      await viewer
        .getByRole('status')
        .filter({ hasText: /^100%$/ })
        .waitFor();
      await page.keyboard.press('Escape');
    });

    await step('reject with a reason, a note and a proof image', async () => {
      const reject = main.getByRole('region', { name: 'Reject' });
      await reject.getByLabel('Reason').selectOption('already_used');
      await reject.getByLabel('Note to the seller (optional)').fill(NOTE);
      await reject.getByLabel('Proof image (optional)').setInputFiles({
        name: 'balance-check.jpg',
        mimeType: 'image/jpeg',
        buffer: await photoBytes(),
      });
      await reject.getByRole('button', { name: 'Reject trade' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject this trade?' });
      await dialog.getByText('balance-check.jpg').waitFor();
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await waitForToast(page, `Trade ${later.reference} rejected`);
    });

    await step('the seller reads the reason and the note, and opens the proof', async () => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: page.viewportSize(),
      });
      context.setDefaultTimeout(15_000);
      try {
        const sellerPage = await context.newPage();
        await signIn(sellerPage, second.email, second.password);
        await sellerPage.goto(`/dashboard/transaction-history/trades/${later.id}`);
        const outcome = sellerPage
          .getByRole('main')
          .getByRole('region', { name: 'Why the trade was rejected' });
        await outcome.getByText(TRADE_REJECTION_REASONS.already_used).waitFor();
        await outcome.getByText(NOTE).waitFor();
        await outcome.getByRole('button', { name: 'Open the proof image' }).click();
        const proof = sellerPage.getByRole('dialog', { name: 'Proof of the rejection' });
        const image = proof.getByRole('img', {
          name: 'The proof our team attached to the rejection',
        });
        await image.waitFor();
        // The signed link serves the image to its owner: it has loaded, not broken.
        await sellerPage.waitForFunction(
          (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
          await image.elementHandle(),
        );
      } finally {
        await context.close();
      }
    });
  });
});
