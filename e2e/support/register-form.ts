import type { Page } from 'playwright-core';
import { MONTH_NAMES } from '@karta/shared/dates';
import type { Person } from './accounts';

/**
 * Picks a date in the date of birth picker as a person does: open it, choose the year and the
 * month in its dropdowns, press the day.
 */
async function pickDateOfBirth(page: Page, isoDate: string) {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const monthName = MONTH_NAMES[Number(month) - 1] ?? '';
  await page.getByRole('button', { name: /^Date of birth/ }).click();
  const picker = page.getByRole('dialog', { name: 'Date of birth' });
  // The dropdowns' names start with Month and Year (their labels wrap them).
  await picker.getByRole('combobox', { name: /^Year/ }).selectOption(year);
  await picker.getByRole('combobox', { name: /^Month/ }).selectOption({ label: monthName });
  await picker
    .getByRole('button', { name: `${String(Number(day))} ${monthName} ${year}`, exact: true })
    .click();
  await picker.waitFor({ state: 'detached' });
}

/** Fills every field of "Register an account" (the referral code stays empty). */
export async function fillRegistration(page: Page, person: Person) {
  await page.getByLabel('First name', { exact: true }).fill(person.first_name);
  await page.getByLabel('Last name', { exact: true }).fill(person.last_name);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel(/^Phone/).fill(person.phone);
  await page.getByLabel('Gender', { exact: true }).selectOption(person.gender);
  await pickDateOfBirth(page, person.date_of_birth);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
}
