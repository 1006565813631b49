import { confirmedPerson, mailCount, nextCode } from './support/accounts';
import { describe, test } from './support/test';
import {
  DASHBOARD_HOME,
  openSidebarDialog,
  signIn,
  submitLogin,
  waitForPath,
  waitForToast,
} from './support/ui';

describe('account settings', () => {
  test('deactivate, then signing in leads to reactivation, which opens the account again', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await step('sign in', async () => {
      await signIn(page, person.email, person.password);
    });
    await step('deactivate with the password', async () => {
      const dialog = await openSidebarDialog(page, 'Deactivate Account');
      await dialog.getByLabel('Password', { exact: true }).fill(person.password);
      await dialog.getByRole('button', { name: /deactivate/i }).click();
      await waitForPath(page, '/login');
    });
    await step('signing in again leads to reactivation', async () => {
      await submitLogin(page, person.email, person.password);
      await waitForPath(page, '/reactivate-account');
      await page.getByRole('heading', { name: 'Reactivate Your Account' }).waitFor();
    });
    await step('reactivate', async () => {
      await page.getByLabel('Email', { exact: true }).fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Reactivate Account', exact: true }).click();
      await waitForPath(page, '/login');
    });
    await step('signing in works again', async () => {
      await submitLogin(page, person.email, person.password);
      await waitForPath(page, DASHBOARD_HOME);
    });
  });

  test('change the password with the mailed code, then sign in with the new one', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    const newPassword = 'Harmattan#Breeze27';
    await step('sign in', async () => {
      await signIn(page, person.email, person.password);
    });
    const mailsBefore = await mailCount(baseUrl, person.email);
    const dialog = page.getByRole('dialog');
    await step('open Change Password', () => openSidebarDialog(page, 'Change Password'));
    await step('fill in the passwords and proceed', async () => {
      await dialog.getByLabel('Current password', { exact: true }).fill(person.password);
      await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
      await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: 'Proceed', exact: true }).click();
    });
    await step('enter the mailed code', async () => {
      const code = await nextCode(baseUrl, person.email, mailsBefore);
      await dialog.getByRole('textbox', { name: /code/i }).fill(code);
      await dialog.getByRole('button', { name: /change password/i }).click();
      await dialog.waitFor({ state: 'detached' });
    });
    await step('sign out', async () => {
      const signOut = await openSidebarDialog(page, 'Sign out');
      await signOut.getByRole('button', { name: /sign out/i }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    });
    await step('the old password no longer signs in', async () => {
      await page.goto('/login');
      await submitLogin(page, person.email, person.password);
      // Said under the password, where it lasts (not a toast).
      await page.getByText('Email or password is incorrect.').waitFor();
      await waitForPath(page, '/login');
    });
    await step('sign in with the new password', async () => {
      await submitLogin(page, person.email, newPassword);
      await waitForPath(page, DASHBOARD_HOME);
    });
  });

  test('set a PIN: a success message, and the dialog closes', async ({ page, step, baseUrl }) => {
    const person = await confirmedPerson(baseUrl);
    await step('sign in', async () => {
      await signIn(page, person.email, person.password);
    });
    const dialog = page.getByRole('dialog');
    await step('open Change PIN', () => openSidebarDialog(page, 'Change PIN'));
    await step('enter the password and the PIN twice', async () => {
      await dialog.getByLabel('Password', { exact: true }).fill(person.password);
      await dialog.getByLabel(/^(new )?pin$/i).fill('2580');
      await dialog.getByLabel('Confirm PIN', { exact: true }).fill('2580');
      await dialog.getByRole('button', { name: /(set|change) pin/i }).click();
    });
    await step('see the success message', async () => {
      await waitForToast(page, 'Your PIN has been set.');
      await dialog.waitFor({ state: 'detached' });
    });
  });
});
