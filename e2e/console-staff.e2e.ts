import { latestCode, PASSWORD } from './support/accounts';
import { E2E_ADMIN } from './support/harness.mjs';
import { describe, expect, test } from './support/test';
import { signInToConsole, submitLogin, waitForPath, waitForToast } from './support/ui';

describe('staff and roles', () => {
  test('an admin invites an operator, who sets a password from the mail, signs in and sees no staff screen', async ({
    page,
    browser,
    baseUrl,
    step,
  }) => {
    const unique = `${String(Date.now())}${String(Math.floor(Math.random() * 1000))}`;
    const invitee = { first: 'Tunde', last: 'Bello', email: `tunde.${unique}@example.com` };
    const name = `${invitee.first} ${invitee.last}`;
    const main = page.getByRole('main');

    await step('the admin opens Staff from the console menu', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await page
        .getByRole('navigation', { name: 'Operator console' })
        .getByRole('link', { name: 'Staff' })
        .click();
      await waitForPath(page, '/console/staff');
      await main.getByRole('heading', { level: 1, name: 'Staff and roles' }).waitFor();
    });
    await step('invites the operator by e-mail', async () => {
      await main.getByLabel('First name').fill(invitee.first);
      await main.getByLabel('Last name').fill(invitee.last);
      await main.getByLabel('E-mail').fill(invitee.email);
      await main.getByRole('button', { name: 'Send invitation' }).click();
      await waitForToast(page, `Invitation sent to ${invitee.email}.`);
      const row = main.getByRole('listitem', { name });
      await row.getByText(/^Invited · code works until /).waitFor();
    });

    const context = await browser.newContext({ baseURL: baseUrl, viewport: page.viewportSize() });
    context.setDefaultTimeout(15_000);
    const operatorPage = await context.newPage();
    try {
      await step(
        'the operator follows the mailed link and sets a password with the code',
        async () => {
          const outbox = (await (
            await fetch(`${baseUrl}/dev/mail?to=${encodeURIComponent(invitee.email)}`)
          ).json()) as { data: { text: string }[] };
          const link = /https?:\/\/\S+\/accept-invitation#email=\S+/.exec(
            outbox.data[0]?.text ?? '',
          )?.[0];
          expect(link).toBeDefined();
          await operatorPage.goto(new URL(link ?? '').pathname + new URL(link ?? '').hash);
          await operatorPage.getByRole('heading', { name: 'Join the Karta console' }).waitFor();
          expect(await operatorPage.getByLabel('Email', { exact: true }).inputValue()).toBe(
            invitee.email,
          );
          await operatorPage
            .getByRole('textbox', { name: 'Invitation code' })
            .fill(await latestCode(baseUrl, invitee.email));
          await operatorPage.getByLabel('New password', { exact: true }).fill(PASSWORD);
          await operatorPage.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
          await operatorPage.getByRole('button', { name: 'Set password' }).click();
          await waitForPath(operatorPage, '/login');
        },
      );
      await step('signs in to the console and sees no Staff entry', async () => {
        await operatorPage.goto('/console/trades');
        await submitLogin(operatorPage, invitee.email, PASSWORD);
        await waitForPath(operatorPage, '/console/trades');
        const nav = operatorPage.getByRole('navigation', { name: 'Operator console' });
        await nav.getByRole('link', { name: 'Sellers' }).waitFor();
        expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0);
      });
      await step('/console/staff tells the operator it is not for them', async () => {
        await operatorPage.goto('/console/staff');
        await operatorPage.getByRole('heading', { name: 'Only admins manage staff' }).waitFor();
        expect(await operatorPage.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
      });
    } finally {
      await context.close();
    }

    await step('the admin sees the operator as active', async () => {
      await page.reload();
      const row = main.getByRole('listitem', { name });
      await row.getByText('Active', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Make admin: ${name}` }).waitFor();
    });
  });
});
