import { describe, test } from './support/test';

describe('an address that is not a page', () => {
  test('shows Page Not Found, and Go to Homepage leads home', async ({ page, step }) => {
    await step('open /no/such/page', async () => {
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    });
    await step('go to the homepage', async () => {
      await page.getByRole('link', { name: 'Go to Homepage' }).click();
      await page.waitForURL('**/home');
    });
  });
});
