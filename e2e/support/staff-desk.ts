/** Staff and roles (`/console/staff`): an admin's invitation, and the invited operator's side. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { latestCode, PASSWORD } from './accounts';
import { consoleMenu } from './console';
import type { Step } from './test';
import { submitLogin, waitForPath, waitForToast } from './ui';

interface Invitee {
  first: string;
  last: string;
  email: string;
}

/** Someone to invite, with an e-mail address no other test uses. */
export function newInvitee(): Invitee {
  const unique = `${String(Date.now())}${String(Math.floor(Math.random() * 1000))}`;
  return { first: 'Tunde', last: 'Bello', email: `tunde.${unique}@example.com` };
}

/** The staff list's row of a person: named by their full name, told apart by their e-mail. */
export const staffRow = (page: Page, invitee: Invitee) =>
  page
    .getByRole('main')
    .getByRole('listitem', { name: `${invitee.first} ${invitee.last}` })
    .filter({ hasText: invitee.email });

/** On the staff screen, invites an operator by e-mail and sees them listed as invited. */
export async function inviteOperator(page: Page, invitee: Invitee) {
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill(invitee.first);
  await main.getByLabel('Last name').fill(invitee.last);
  await main.getByLabel('E-mail').fill(invitee.email);
  await main.getByRole('button', { name: 'Send invitation' }).click();
  await waitForToast(page, `Invitation sent to ${invitee.email}.`);
  await staffRow(page, invitee)
    .getByText(/^Invited · code works until /)
    .waitFor();
}

/**
 * In the invited person's own browser: follows the link in the mail (read from the dev mail
 * API), sets a password with the mailed code, and lands on the sign-in page.
 */
export async function acceptInvitation(page: Page, baseUrl: string, email: string) {
  const outbox = (await (
    await fetch(`${baseUrl}/dev/mail?to=${encodeURIComponent(email)}`)
  ).json()) as { data: { text: string }[] };
  const link = /https?:\/\/\S+\/accept-invitation#email=\S+/.exec(outbox.data[0]?.text ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').hash);
  await page.getByRole('heading', { name: 'Join the Karta console' }).waitFor();
  expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
  await page
    .getByRole('textbox', { name: 'Invitation code' })
    .fill(await latestCode(baseUrl, email));
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await waitForPath(page, '/login');
}

/** The new operator signs in to the console with their new password: no Staff in the menu. */
async function signInAsOperatorWithoutStaff(page: Page, email: string) {
  await page.goto('/console/trades');
  await submitLogin(page, email, PASSWORD);
  await waitForPath(page, '/console/trades');
  const menu = consoleMenu(page);
  await menu.getByRole('link', { name: 'Sellers' }).waitFor();
  expect(await menu.getByRole('link', { name: 'Staff' }).count()).toBe(0);
}

/** An operator who opens /console/staff is told it is for admins, with no form to use. */
async function expectStaffScreenRefused(page: Page) {
  await page.goto('/console/staff');
  await page.getByRole('heading', { name: 'Only admins manage staff' }).waitFor();
  expect(await page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
}

/**
 * The invited operator's side, in their own browser (`page`), a step each with its screenshot:
 * sets a password from the mail, signs in to a console without Staff, and is refused the staff
 * screen.
 */
export async function invitedOperatorJoins(step: Step, page: Page, baseUrl: string, email: string) {
  await step(
    'the operator follows the mailed link and sets a password with the code',
    () => acceptInvitation(page, baseUrl, email),
    page,
  );
  await step(
    'the operator signs in to the console and sees no Staff entry',
    () => signInAsOperatorWithoutStaff(page, email),
    page,
  );
  await step(
    '/console/staff tells the operator it is not for them',
    () => expectStaffScreenRefused(page),
    page,
  );
}

/**
 * The inviting admin's view of an invitation no second admin has confirmed (decision 049): the
 * badge, and "Confirm invitation" off with the reason beside it.
 */
export async function expectWaitingForSecondAdmin(page: Page, invitee: Invitee) {
  const row = staffRow(page, invitee);
  await row.getByText('Waiting for a second admin', { exact: true }).waitFor();
  const button = row.getByRole('button', {
    name: `Confirm invitation: ${invitee.first} ${invitee.last}`,
  });
  expect(await button.isDisabled()).toBe(true);
  await row
    .getByText(`You invited ${invitee.first}, so another admin has to confirm the invitation.`)
    .waitFor();
}

const confirmDialog = (page: Page, invitee: Invitee) =>
  page.getByRole('dialog', { name: `Confirm ${invitee.first}’s invitation?` });

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/**
 * A second admin opens "Confirm invitation" from the keyboard: the dialog says what confirming
 * means and starts on "Keep as is", so Enter twice does not vouch for anyone.
 */
export async function openConfirmInvitation(page: Page, invitee: Invitee) {
  const row = staffRow(page, invitee);
  await row.getByText('Waiting for a second admin', { exact: true }).waitFor();
  await row
    .getByRole('button', { name: `Confirm invitation: ${invitee.first} ${invitee.last}` })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = confirmDialog(page, invitee);
  await dialog.getByText(/You vouch that .* is a real person/).waitFor();
  expect(await isFocused(dialog.getByRole('button', { name: 'Keep as is' }))).toBe(true);
}

/** Tab to "Confirm invitation" in the open dialog, Enter: the toast, and the row confirmed. */
export async function confirmFromDialog(page: Page, invitee: Invitee) {
  const dialog = confirmDialog(page, invitee);
  await page.keyboard.press('Tab');
  expect(await isFocused(dialog.getByRole('button', { name: 'Confirm invitation' }))).toBe(true);
  await page.keyboard.press('Enter');
  await waitForToast(page, `${invitee.first}’s invitation is confirmed.`);
  const row = staffRow(page, invitee);
  await row.getByText(/^Invited by .* · confirmed by /).waitFor();
  expect(await row.getByText('Waiting for a second admin').count()).toBe(0);
}
