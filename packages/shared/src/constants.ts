/** Business constants from spec §9 and DESIGN §3. One home for every number both apps use. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PIN_LENGTH = 4;
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_RESEND_SECONDS = 30;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS_PER_HOUR = 5;

export const PHONE_PREFIX = '+234';
export const PHONE_DIGITS = 10;
export const BANK_ACCOUNT_DIGITS = 10;
export const MIN_AGE_YEARS = 18;
export const DATE_FORMAT = 'yyyy-MM-dd';
export const YEAR_LIST_LENGTH = 100;

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 500;

export const REFERRAL_REWARD_KOBO = 500_00;
export const CURRENCY = 'NGN';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const PROACTIVE_REFRESH_LEAD_MS = 60_000;

export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const REFERRAL_CODE_MAX_LENGTH = 20;

export const DEVICES = ['web', 'ios', 'android'] as const;
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const ROLES = ['user', 'operator', 'admin'] as const;
export const ACCOUNT_STATUSES = [
  'pending_verification',
  'active',
  'deactivated',
  'suspended',
  'deleted',
] as const;

export const USER_ID_STORAGE_KEY = 'user_id';
/** Below this width the dashboard sidebar becomes a drawer (spec §9). */
export const MOBILE_BREAKPOINT_PX = 768;
/** How long "Code copied!" / "Link copied!" stays (spec §9). */
export const COPY_FEEDBACK_MS = 2000;
export type DeviceKind = (typeof DEVICES)[number];
