import { openConsoleDesk } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { inviteOperator, invitedOperatorJoins, newInvitee, staffRow } from './support/staff-desk';
import { describe, test } from './support/test';
import { signInToConsole } from './support/ui';

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
});
