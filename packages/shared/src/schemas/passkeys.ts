import { z } from 'zod';

/**
 * Passkeys (WebAuthn, decision 062): added from Settings › Security, used to sign in without a
 * password. The browser's answers (`response`) are checked by the server's WebAuthn library; here
 * only their outline is checked, so a malformed one gets a clear 400 before any work.
 */

/** How long a challenge handed out for a passkey lasts, in seconds. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
const PASSKEY_NAME_MAX = 60;

const base64url = (what: string) =>
  z
    .string({ error: `The passkey's ${what} is missing` })
    .max(16_384)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, `The passkey's ${what} is not valid`);

/** What `startRegistration` / `startAuthentication` give back, in outline. */
const credentialOutline = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: base64url('id').min(1),
    rawId: base64url('id').min(1),
    type: z.literal('public-key', { error: 'This is not a passkey' }),
    response: z.object(response),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  });

const RegistrationResponseSchema = credentialOutline({
  clientDataJSON: base64url('client data'),
  attestationObject: base64url('attestation'),
  transports: z.array(z.string().max(32)).max(10).optional(),
  authenticatorData: base64url('authenticator data').optional(),
  publicKey: base64url('public key').optional(),
  publicKeyAlgorithm: z.number().int().optional(),
});

export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

export const AuthenticationResponseSchema = credentialOutline({
  clientDataJSON: base64url('client data'),
  authenticatorData: base64url('authenticator data'),
  signature: base64url('signature'),
  userHandle: base64url('user handle').optional(),
});

export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;

/** `POST /user/passkeys/{user_id}`: a name the seller chooses and the browser's answer. */
export const AddPasskeyInputSchema = z.object({
  name: z
    .string({ error: 'Give the passkey a name, such as "My phone"' })
    .trim()
    .min(1, 'Give the passkey a name, such as "My phone"')
    .max(PASSKEY_NAME_MAX, `Keep the name under ${String(PASSKEY_NAME_MAX)} characters`),
  response: RegistrationResponseSchema,
});

export const DeletePasskeyInputSchema = z.object({
  passkey_id: z.string({ error: 'Choose the passkey to remove' }).max(64),
});

/** `POST /auth/passkey/login`: the challenge handed out and the browser's signed answer. */
export const PasskeySignInInputSchema = z.object({
  challenge_id: z.string({ error: 'Start again' }).trim().min(1, 'Start again').max(64),
  response: AuthenticationResponseSchema,
});

/**
 * The options to hand to `startRegistration` / `startAuthentication` as they are (WebAuthn's
 * PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), and the challenge's id.
 */
export const OptionsSchema = z.record(z.string(), z.unknown()).meta({
  description: "WebAuthn options in their JSON form, for the browser's WebAuthn call.",
});
export const PasskeyRegistrationOptionsSchema = z.object({ options: OptionsSchema });
/** Options to confirm with one of the account's own passkeys (a step-up). */
export const PasskeyAssertionOptionsSchema = z.object({ options: OptionsSchema });
export const PasskeySignInOptionsSchema = z.object({
  challenge_id: z.string().meta({ example: '3f8a0e0c-0a55-4f43-9d8e-8d1c2f7f1b2a' }),
  options: OptionsSchema,
});

export const PasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.array(PasskeySchema);
