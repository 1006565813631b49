import { call, confirmedPerson } from './support/accounts';
import { cameraPhoto } from './support/camera-photo';
import { amazonUsaPhysical } from './support/catalog';
import { describe, expect, test } from './support/test';
import { signIn } from './support/ui';

interface StoredTrade {
  reference: string;
  images: { width: number; height: number }[];
}

/** The seller's own trade as the API answers it (fetch_trade), by its reference. */
async function storedTrade(baseUrl: string, email: string, password: string, reference: string) {
  const session = (await call(baseUrl, 'POST', '/api/v1/auth/login', {
    email,
    password,
    device: 'web',
  })) as { token: string; data: { id: string } };
  const page = (await call(
    baseUrl,
    'GET',
    `/api/v1/trade/fetch_trade/${session.data.id}?size=50`,
    undefined,
    session.token,
  )) as { data: { data: StoredTrade[] } };
  const trade = page.data.data.find((each) => each.reference === reference);
  if (!trade) throw new Error(`trade ${reference} is not in the seller's list`);
  return trade;
}

const SAVING = /^Made smaller for upload: (\d+\.\d MB) → (\d+ KB|\d+\.\d MB)$/;

describe('photos made smaller before upload (decision 073)', () => {
  test('a 3.4 MB phone photo held upright and a 5.6 MB one go up at 2000 px, with the saving shown, on a 360 px phone', async ({
    page,
    step,
    baseUrl,
  }) => {
    // A 12 MP photo taken upright (EXIF orientation 6: stored 4000 × 3000 on its side), and
    // one from a dim room whose grain makes it over the 5 MB the server takes.
    const upright = await cameraPhoto('upright-card.jpg', { grain: 23, orientation: 6 });
    const grainy = await cameraPhoto('grainy-card.jpg', { grain: 70 });
    expect(upright.bytes).toBeGreaterThan(3.3 * 1024 * 1024);
    expect(grainy.bytes).toBeGreaterThan(5 * 1024 * 1024);
    const person = await confirmedPerson(baseUrl);
    const { card, subcategory } = await amazonUsaPhysical(baseUrl);
    const main = page.getByRole('main');
    await page.setViewportSize({ width: 360, height: 740 });

    await step('sign in and open Trade', async () => {
      await signIn(page, person.email, person.password);
      await page.goto('/dashboard/trade');
      await main.getByRole('heading', { level: 1, name: 'Trade a gift card' }).waitFor();
    });
    await step(`choose ${card.name} and ${subcategory.name}`, async () => {
      const cardBox = main.getByRole('combobox', { name: 'Gift card', exact: true });
      await cardBox.click();
      await cardBox.fill(card.name);
      await main.getByRole('option', { name: card.name, exact: true }).click();
      await main.getByRole('combobox', { name: 'Subcategory', exact: true }).click();
      await main.getByRole('option', { name: subcategory.name, exact: true }).click();
      const amount = Math.min(Math.max(subcategory.min_amount, 100), subcategory.max_amount);
      await main.getByLabel('Card amount', { exact: true }).fill(String(amount));
    });
    const savings: string[] = [];
    for (const [count, photo] of [
      [1, upright],
      [2, grainy],
    ] as const) {
      await step(
        `add ${photo.file.split('/').pop() ?? ''}: made smaller, the saving shown`,
        async () => {
          const started = performance.now();
          await main.getByLabel('Choose photos').setInputFiles(photo.file);
          await main.getByText(`${String(count)} of 10 photos added`).waitFor();
          const saving = main.getByText(SAVING);
          await saving.waitFor();
          const pickedToShownMs = Math.round(performance.now() - started);
          // The shrink alone, as the page measured it (lib/shrink-photo.ts).
          const shrinkMs = await page.evaluate(() =>
            Math.round(performance.getEntriesByName('karta:shrink-photo').at(-1)?.duration ?? -1),
          );
          const text = (await saving.textContent()) ?? '';
          savings.push(text);
          console.log(
            `${photo.file}: ${String(photo.bytes)} bytes; ${text}; shrink ${String(shrinkMs)} ms, picked to shown ${String(pickedToShownMs)} ms`,
          );
          const [, before, after] = SAVING.exec(text) ?? [];
          expect(before).toBe(`${(photo.bytes / (1024 * 1024)).toFixed(1)} MB`);
          // 2000 × 1500 at JPEG 0.9: a fifth of the bytes or less (about 0.4–1 MB).
          expect(after).toMatch(/^\d+ KB$|^[01]\.\d MB$/);
          expect(
            await main.getByRole('group', { name: 'Card photos' }).getByRole('alert').count(),
          ).toBe(0);
        },
      );
    }
    await step(
      'the remove × is a small mark in the thumbnail’s corner, on a 44 px target',
      async () => {
        const preview = main
          .getByRole('list', { name: 'Photos to upload' })
          .getByRole('listitem')
          .first();
        const thumb = await preview.boundingBox();
        const target = await preview.getByRole('button', { name: /^Remove / }).boundingBox();
        // What is painted over the photo: the button's own background, or the mark inside it.
        const mark = await preview.getByRole('button', { name: /^Remove / }).evaluate((button) => {
          const painted = [button, ...Array.from(button.querySelectorAll('*'))].filter(
            (element) => getComputedStyle(element).backgroundColor !== 'rgba(0, 0, 0, 0)',
          );
          const box = (painted[0] ?? button).getBoundingClientRect();
          return { x: box.x, y: box.y, width: box.width, height: box.height };
        });
        if (!thumb || !target) throw new Error('no thumbnail');
        expect(target.width).toBeGreaterThanOrEqual(44);
        expect(target.height).toBeGreaterThanOrEqual(44);
        // The mark stays in the top-right corner: clear of the middle, where the code usually is.
        expect(mark.x).toBeGreaterThanOrEqual(thumb.x + thumb.width * 0.6);
        expect(mark.y + mark.height).toBeLessThanOrEqual(thumb.y + thumb.height * 0.4);
      },
    );
    let reference = '';
    await step('Create trade uploads the smaller photos', async () => {
      await main.getByRole('button', { name: 'Proceed' }).click();
      await main.getByRole('button', { name: 'Create trade' }).click();
      await main.getByRole('heading', { name: 'Trade created' }).waitFor({ timeout: 30_000 });
      reference =
        (await main
          .getByText(/^KT-[0-9A-Z]{8}$/)
          .first()
          .textContent()) ?? '';
    });
    await step('the API keeps them at 2000 px, the upright one upright', async () => {
      const trade = await storedTrade(baseUrl, person.email, person.password, reference);
      expect(trade.images.map(({ width, height }) => [width, height])).toEqual([
        [1500, 2000],
        [2000, 1500],
      ]);
    });
    expect(savings).toHaveLength(2);
  });
});
