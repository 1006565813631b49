/**
 * Every user-facing message of docs/product.md §5 and §8, written once. The web forms and the API both
 * read them from here, so the browser and the server always say the same words.
 * (The double space in PHONE_TOO_SHORT is the spec's own text.)
 */
export const MESSAGES = {
  FIRST_NAME_REQUIRED: 'First name is required',
  LAST_NAME_REQUIRED: 'Last name is required',
  NAME_TOO_LONG: 'Names can be at most 50 characters',
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email',
  PHONE_REQUIRED: 'Phone is required',
  PHONE_TOO_SHORT: 'Phone number cannot be  less than 10 digits',
  PHONE_TOO_LONG: 'Phone number Cannot exceed 10 digits',
  PHONE_INVALID: 'Please enter a valid phone number',
  GENDER_REQUIRED: 'Gender is required',
  GENDER_INVALID: 'Invalid gender selected',
  DATE_OF_BIRTH_REQUIRED: 'Date of birth is required',
  DATE_OF_BIRTH_INVALID: 'Date input not valid.',
  UNDER_AGE: 'You must be at least 18 years old',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_RULES:
    'Password must contain at least 8 characters, one uppercase, one lowercase, one digit, and one special character e.g. !#$',
  PASSWORD_MIN: 'Password must contain at least 8 characters',
  PASSWORD_MIN_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password can be at most 128 characters',
  CONFIRM_PASSWORD_REQUIRED: 'Confirm password is required',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  REFERRAL_CODE_INVALID: 'This referral code does not belong to any active Karta user',
  OTP_INVALID: 'OTP must be 6 digits',
  CURRENT_PASSWORD_REQUIRED: 'Current password is required',
  NEW_PASSWORD_REQUIRED: 'New password is required',
  NEW_PASSWORD_RULES:
    'New password must contain 8 characters, one uppercase, one lowercase, one digit and one special character',
  NEW_PASSWORD_SAME: 'Your new password must be different from your current password',
  /** Checked on the server only: the list of common passwords stays out of the web bundle. */
  PASSWORD_TOO_COMMON: 'This password is too common. Choose one that is harder to guess.',
  PIN_REQUIRED: 'PIN is required',
  PIN_INVALID: 'PIN must be 4 digits',
  CONFIRM_PIN_REQUIRED: 'Confirm PIN is required',
  PINS_DO_NOT_MATCH: 'Pins do not match',

  ACCOUNT_DEACTIVATED: 'User account deactivated.',
  /** The sign-in answer for an unconfirmed account; the web app opens the code step on it. */
  ACCOUNT_NOT_CONFIRMED:
    'Please confirm your email first. We have sent a 6-digit code to your inbox.',
  SESSION_EXPIRED: 'Session expired. log in to continue',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  /** 503 while the database is away (a restart, an outage); the answer carries Retry-After. */
  SERVICE_UNAVAILABLE: 'Karta is briefly unavailable. Please try again in a moment.',
  /** A NUL byte or a broken UTF-16 surrogate: text no one types and the database cannot keep. */
  TEXT_NOT_ALLOWED: 'This field contains a character that is not allowed.',
  NO_REFERRAL_CODE: 'No referral code!',
  CODE_COPIED: 'Code copied!',
  LINK_COPIED: 'Link copied!',
  CLIPBOARD_UNSUPPORTED: 'Clipboard not supported',

  LOADING: 'Loading...',
  GIFT_CARDS_ERROR: 'Error loading gift cards.',
  GIFT_CARDS_EMPTY: 'Gift Card is empty!',
  SUBCATEGORIES_ERROR: 'Error loading subcategories cards.',
  SUBCATEGORIES_EMPTY: 'Subcategory is empty!',
} as const;
