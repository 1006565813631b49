/**
 * The e-mail the Confirm Account step is for, kept in this tab's session storage so a reload
 * (a slow network, a phone that dropped the tab) does not lose the account. Only the address:
 * the password stays in memory and is asked again after a reload.
 */
const CONFIRM_EMAIL_KEY = 'karta:confirm-email';

export function keepConfirmEmail(email: string): void {
  try {
    sessionStorage.setItem(CONFIRM_EMAIL_KEY, email);
  } catch {
    // Storage refused (private mode, quota): the page still works until a reload.
  }
}

export function readConfirmEmail(): string {
  try {
    return sessionStorage.getItem(CONFIRM_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetConfirmEmail(): void {
  try {
    sessionStorage.removeItem(CONFIRM_EMAIL_KEY);
  } catch {
    // Nothing kept, nothing to remove.
  }
}
