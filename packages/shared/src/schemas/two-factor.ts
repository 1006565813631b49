import { z } from 'zod';
import { MESSAGES as M } from '../messages';
import { successEnvelope } from './common';
import { AuthenticationResponseSchema, OptionsSchema } from './passkeys';
import { passwordSchema } from './fields';
import { UserSchema } from './users';
import { KycStateSchema } from './kyc';

/**
 * Two-step sign-in (decision 061): an authenticator app's codes (TOTP, RFC 6238: SHA-1, six
 * digits, 30 seconds) and ten single-use recovery codes; the second step of a sign-in; and
 * step-up, a fresh code before a change that can send money away.
 */
const TWO_FACTOR_MESSAGES = {
  CODE_REQUIRED: 'Enter the 6-digit code from your authenticator app',
  RECOVERY_CODE_INVALID: 'Enter one of your recovery codes, such as k7m2p-x9q4r',
  CODE_OR_RECOVERY_CODE:
    'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
  ONE_CODE: 'Send one of: the code from your authenticator app, a recovery code or a passkey',
  ONE_STEP_UP: 'Send the code from your authenticator app or a passkey, not both',
} as const;

/**
 * The header that carries a step-up code with the request it is for (docs/api.md), when the
 * session has not been stepped up in the last five minutes.
 */
export const TWO_FACTOR_CODE_HEADER = 'x-two-factor-code';

/** How long a step-up, a sign-in challenge and a code's step last, in seconds. */
export const STEP_UP_SECONDS = 5 * 60;
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;
export const SIGN_IN_CHALLENGE_TRIES = 5;

const TOTP_PATTERN = /^\d{6}$/;
/** Ten letters and digits (Crockford's base 32), shown as two groups of five. */
const RECOVERY_PATTERN = /^[0-9A-Za-z]{5}[\s-]?[0-9A-Za-z]{5}$/;

export const TotpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.CODE_REQUIRED })
  .trim()
  .regex(TOTP_PATTERN, TWO_FACTOR_MESSAGES.CODE_REQUIRED)
  .meta({ example: '492039', description: 'The 6 digits the authenticator app shows now.' });

export const RecoveryCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.RECOVERY_CODE_INVALID })
  .trim()
  .regex(RECOVERY_PATTERN, TWO_FACTOR_MESSAGES.RECOVERY_CODE_INVALID)
  .meta({
    example: 'k7m2p-x9q4r',
    description: 'One of the ten recovery codes given when two-step sign-in was turned on.',
  });

/** `POST /user/two_factor/totp/setup/{user_id}`: the password again, before a new secret. */
export const TotpSetupInputSchema = z.object({
  password: passwordSchema(M.PASSWORD_REQUIRED, M.PASSWORD_MIN_SHORT),
});

export const TotpSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string().meta({ example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }),
  otpauth_url: z.string().meta({
    example:
      'otpauth://totp/Karta:ada%40example.com?issuer=Karta&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
  }),
  /** The same URL as a QR code, an SVG image to show as it is. */
  qr_svg: z.string().meta({
    example: '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41">…</svg>',
  }),
});

/** `…/totp/enable/{user_id}` and `…/step_up/{user_id}`: a code the app shows now. */
export const TotpCodeInputSchema = z.object({ code: TotpCodeSchema });

/** Shown once: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({
  recovery_codes: z.array(z.string().meta({ example: 'k7m2p-x9q4r' })),
});

/** `POST /user/two_factor/disable/{user_id}`: the password and a code (the app's or a recovery code). */
export const DisableTwoFactorInputSchema = z.object({
  password: passwordSchema(M.PASSWORD_REQUIRED, M.PASSWORD_MIN_SHORT),
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.CODE_OR_RECOVERY_CODE })
    .trim()
    .refine(
      (code) => TOTP_PATTERN.test(code) || RECOVERY_PATTERN.test(code),
      TWO_FACTOR_MESSAGES.CODE_OR_RECOVERY_CODE,
    )
    .meta({
      pattern: '^(\\d{6}|[0-9A-Za-z]{5}[\\s-]?[0-9A-Za-z]{5})$',
      example: '492039',
      description: 'The 6 digits the authenticator app shows now, or a recovery code.',
    }),
});

/** `POST /auth/login/two_factor`: the challenge from the sign-in and one code. */
export const TwoFactorSignInInputSchema = z
  .object({
    challenge_id: z.string({ error: 'Sign in again' }).trim().min(1, 'Sign in again').max(128),
    code: TotpCodeSchema.optional(),
    recovery_code: RecoveryCodeSchema.optional(),
    /** The browser's answer to the challenge's `passkey_options` (decision 062). */
    passkey: AuthenticationResponseSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const sent = [input.code, input.recovery_code, input.passkey].filter((v) => v !== undefined);
    if (sent.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: TWO_FACTOR_MESSAGES.ONE_CODE });
    }
  });
export type TwoFactorSignInInput = z.infer<typeof TwoFactorSignInInputSchema>;

/**
 * The ways an account's second step can be given: an authenticator app brings its codes and the
 * recovery codes; a passkey (decision 062) is a second factor too, and may be the only one.
 */
const TWO_FACTOR_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** What a sign-in answers instead of a session while a second factor is owed: no token, no cookie. */
export const TwoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  methods: z.array(z.enum(TWO_FACTOR_METHODS)),
  challenge_id: z.string().meta({ example: 'q0v3Zb1mB5n3dK0cX9pW4lT7sY2uR8eA6hJ1fG5kN3o' }),
  /**
   * When `passkey` is a method: the options for the browser's WebAuthn call, naming this
   * account's passkeys (sent with the challenge, so a slow network pays no extra round trip).
   */
  passkey_options: OptionsSchema.optional(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;
export const TwoFactorChallengeEnvelopeSchema = successEnvelope(TwoFactorChallengeSchema);

/** `POST /user/two_factor/step_up/{user_id}`: a code from the app, or a passkey's answer. */
export const StepUpInputSchema = z
  .object({
    code: TotpCodeSchema.optional(),
    /** The browser's answer to `startStepUpWithPasskey`'s options. */
    passkey: AuthenticationResponseSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.code === undefined) === (input.passkey === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: TWO_FACTOR_MESSAGES.ONE_STEP_UP });
    }
  });
export type StepUpInput = z.infer<typeof StepUpInputSchema>;

export const StepUpSchema = z.object({ stepped_up_until: z.string() });

/**
 * The fields a 401 `STEP_UP_REQUIRED` names in its `errors`, one per way the account can
 * confirm: the code header, a passkey. Clients offer exactly those.
 */
export const STEP_UP_FIELDS = { totp: 'x_two_factor_code', passkey: 'passkey' } as const;

/** What `current_user` says of the account's second factors. */
const TwoFactorStatusSchema = z.object({
  totp: z.boolean(),
  /** How many passkeys the account has (decision 062). */
  passkeys: z.number().int().min(0),
  recovery_codes_left: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const CurrentUserSchema = UserSchema.extend({
  two_factor: TwoFactorStatusSchema,
  /** The KYC tier, its limits and the next step (decision 063). */
  kyc: KycStateSchema,
});
