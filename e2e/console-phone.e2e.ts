import { addCard } from './support/admin-catalog';
import { CONSOLE_PATHS } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole } from './support/ui';

describe('console on a phone', () => {
  test('no console screen is wider than a 360 px phone: wide tables scroll inside their own box', async ({
    page,
    step,
    baseUrl,
  }) => {
    // A record whose value is one long word, as a storage key is: the audit trail must wrap it.
    const { token } = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
    await addCard(baseUrl, token, `Phone${'x'.repeat(60)}${String(Date.now()).slice(-6)}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInToConsole(page, '/console', E2E_ADMIN);
    for (const path of CONSOLE_PATHS) {
      await step(`${path} fits the phone's width`, async () => {
        await page.goto(path);
        await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
        // The page's own data has come in (no loading list left) before its width is read.
        await expect
          .poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 })
          .toBe(0);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} is ${String(width)} px wide`).toBeLessThanOrEqual(360);
      });
    }
  });
});
