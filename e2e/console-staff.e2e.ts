import { thisApp } from './support/this-app';
import { openConsoleDesk } from './support/console';
import { createAdminOnServer, E2E_ADMIN } from './support/harness.mjs';
import {
  acceptInvitation,
  confirmFromDialog,
  expectWaitingForSecondAdmin,
  inviteOperator,
  invitedOperatorJoins,
  newInvitee,
  openConfirmInvitation,
  staffRow,
} from './support/staff-desk';
import { describe, expect, test } from './support/test';
import { signInToConsole } from './support/ui';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

describe('staff and roles', () => {
  test('an admin invites an operator, who sets a password from the mail, signs in and sees no staff screen', async ({
    page,
    secondPage: operatorPage,
    baseUrl,
    step,
  }) => {
    const invitee = newInvitee();

    await step('the admin opens Staff from the console menu', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await openConsoleDesk(page, 'Staff');
    });
    await step('invites the operator by e-mail', async () => {
      await inviteOperator(page, invitee);
    });
    await invitedOperatorJoins(step, operatorPage, baseUrl, invitee.email);
    await step('the admin sees the operator as active', async () => {
      await page.reload();
      const row = staffRow(page, invitee);
      await row.getByText('Active', { exact: true }).waitFor();
      await row
        .getByRole('button', { name: `Make admin: ${invitee.first} ${invitee.last}` })
        .waitFor();
    });
  });

  test('a second admin, made on the server, confirms an invitation the inviting admin cannot', async ({
    page,
    secondPage,
    baseUrl,
    step,
  }) => {
    const invitee = newInvitee();
    const second = {
      email: `second.admin.${String(Date.now())}@karta.example`,
      password: E2E_ADMIN.password,
    };

    await step('the admin invites an operator and cannot confirm the invitation', async () => {
      await signInToConsole(page, '/console/staff', E2E_ADMIN);
      await inviteOperator(page, invitee);
      await expectWaitingForSecondAdmin(page, invitee);
    });
    await step('the same on a 360 px phone, nothing wider than the screen', async () => {
      await page.setViewportSize(PHONE);
      await expectWaitingForSecondAdmin(page, invitee);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });
    await step(
      'the invited operator sets a password from the mail',
      () => acceptInvitation(secondPage, baseUrl, invitee.email),
      secondPage,
    );
    await step(
      'a second admin is made on the server and opens Staff',
      async () => {
        createAdminOnServer(thisApp().server, second);
        await secondPage.setViewportSize(PHONE);
        await signInToConsole(secondPage, '/console/staff', second);
        await staffRow(secondPage, invitee).getByText('Waiting for a second admin').waitFor();
        expect(
          await secondPage.evaluate(() => document.documentElement.scrollWidth),
        ).toBeLessThanOrEqual(PHONE.width);
      },
      secondPage,
    );
    await step(
      'on the phone, the confirmation says what confirming means; Escape changes nothing',
      async () => {
        await openConfirmInvitation(secondPage, invitee);
        await secondPage.keyboard.press('Escape');
        await staffRow(secondPage, invitee).getByText('Waiting for a second admin').waitFor();
        await openConfirmInvitation(secondPage, invitee);
      },
      secondPage,
    );
    await step(
      'the same dialog at 1280 px',
      async () => {
        await secondPage.setViewportSize(DESKTOP);
        await secondPage
          .getByRole('dialog')
          .getByText(/You vouch that/)
          .waitFor();
      },
      secondPage,
    );
    await step(
      'the second admin confirms it from the keyboard',
      () => confirmFromDialog(secondPage, invitee),
      secondPage,
    );
    await step('the inviting admin sees it confirmed', async () => {
      await page.setViewportSize(DESKTOP);
      await page.reload();
      await staffRow(page, invitee)
        .getByText(/^Invited by .* · confirmed by /)
        .waitFor();
    });
  });
});
