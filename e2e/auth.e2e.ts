import { confirmedPerson, latestCode, newPerson } from './support/accounts';
import { describe, expect, test } from './support/test';
import { fillRegistration } from './support/register-form';
import { DASHBOARD_HOME, openSidebarDialog, signIn, submitLogin, waitForPath } from './support/ui';

describe('registration', () => {
  test('register, confirm with the mailed code, sign in, land on the trade history', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = newPerson();
    await step('open the register page', async () => {
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Register an account' }).waitFor();
    });
    await step('fill in the form', async () => {
      await fillRegistration(page, person);
    });
    await step('create the account', async () => {
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await waitForPath(page, '/confirm-account');
    });
    await step('enter the mailed code', async () => {
      // The e-mail is shown masked: first four characters as asterisks (docs/product.md §2).
      await page.getByText(`****${person.email.slice(4)}`).waitFor();
      const code = await latestCode(baseUrl, person.email);
      await page.getByRole('textbox', { name: /code/i }).fill(code);
      await page.getByRole('button', { name: 'Confirm Account', exact: true }).click();
      await waitForPath(page, '/login');
    });
    await step('sign in', async () => {
      await submitLogin(page, person.email, person.password);
      await waitForPath(page, DASHBOARD_HOME);
      await page.getByRole('link', { name: 'Trade History' }).waitFor();
    });
  });
});

describe('guest and protected routes', () => {
  test('a signed-out visit to the dashboard goes to login, and back after signing in', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await step('open /dashboard/faqs signed out', async () => {
      await page.goto('/dashboard/faqs');
      await waitForPath(page, '/login');
    });
    await step('sign in', async () => {
      await submitLogin(page, person.email, person.password);
      await waitForPath(page, '/dashboard/faqs');
    });
    await step('a signed-in user opening /login goes to the dashboard', async () => {
      await page.goto('/login');
      await waitForPath(page, DASHBOARD_HOME);
    });
    await step('and opening /register too', async () => {
      await page.goto('/register');
      await waitForPath(page, DASHBOARD_HOME);
    });
  });

  test('signing out ends the session: the dashboard sends you to login again', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await step('sign in', async () => {
      await signIn(page, person.email, person.password);
    });
    await step('sign out', async () => {
      const dialog = await openSidebarDialog(page, 'Sign out');
      await dialog.getByRole('button', { name: /sign out/i }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    });
    await step('the dashboard is closed again', async () => {
      await page.goto('/dashboard');
      await waitForPath(page, '/login');
    });
    await step('even after a reload (the refresh cookie is gone)', async () => {
      await page.reload();
      await page.goto('/dashboard/faqs');
      await waitForPath(page, '/login');
      expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull();
    });
  });
});
