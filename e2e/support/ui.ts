import type { Page } from 'playwright-core';

/** Where a successful sign-in lands (docs/product.md §2: /dashboard → overview → recent → trades). */
export const DASHBOARD_HOME = '/dashboard/overview/recent-transactions/trade-history';

/** Waits until the address bar shows this path (any query or hash). */
export async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Fills the login form the page shows ("Welcome Back") and presses Sign In. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in from /login as a person would, and waits for the dashboard's trade history. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await waitForPath(page, DASHBOARD_HOME);
}

/** Opens one of the dialogs of the dashboard's sidebar (Settings group or Sign out). */
export async function openSidebarDialog(page: Page, entry: string) {
  const menu = page.getByRole('complementary', { name: 'Dashboard menu' });
  await menu.getByRole('button', { name: entry, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

/** A toast (react-toastify renders each as role alert) with this text. */
export async function waitForToast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Signs in from a console address and lands back on it. */
export async function signInToConsole(
  page: Page,
  path: string,
  who: { email: string; password: string },
) {
  await page.goto(path);
  await submitLogin(page, who.email, who.password);
  await waitForPath(page, path);
}
