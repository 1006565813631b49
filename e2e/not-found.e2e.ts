import { describe, expect, test } from './support/test';

describe('an address that is not a page', () => {
  test('shows Page Not Found with HTTP 404 and its own title, and Go to Homepage leads home', async ({
    page,
    step,
  }) => {
    await step('open /no/such/page', async () => {
      const response = await page.goto('/no/such/page');
      // The server knows the app's addresses (dist/routes.json): crawlers and monitors see 404.
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      // The root layout sets the title after the page renders: wait for it, do not race it.
      await expect.poll(() => page.title()).toBe('Page not found | Karta');
    });
    await step('go to the homepage', async () => {
      await page.getByRole('link', { name: 'Go to Homepage' }).click();
      await page.waitForURL('**/home');
      await expect.poll(() => page.title()).toBe('Sell gift cards for naira | Karta');
    });
  });

  test('a page of the app answers 200, pre-rendered with its title before any script runs', async ({
    page,
    step,
  }) => {
    await step('open /login with scripts off', async () => {
      await page.context().route('**/*.js', (route) => route.abort());
      const response = await page.goto('/login');
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe('Log in | Karta');
    });
  });
});
