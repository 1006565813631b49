import { Secret, TOTP } from 'otpauth';
import { call } from './accounts';
import { apiLogin } from './money';

/** The code an authenticator app shows for `secret` at `at` (RFC 6238, as the API reads it). */
export function authenticatorCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/**
 * Turns two-step sign-in on through the API, as Settings › Security does (decision 061): setup
 * with the password, then the first code. It signs in for that on a session of its own, so a
 * browser signed in before stays signed in and is not stepped up (enabling steps up only the
 * session that enabled). Answers the secret, from which the test makes the codes.
 */
export async function turnOnTwoStep(
  baseUrl: string,
  person: { email: string; password: string },
): Promise<string> {
  const { token, userId } = await apiLogin(baseUrl, person.email, person.password);
  const setup = (await call(
    baseUrl,
    'POST',
    `/api/v1/user/two_factor/totp/setup/${userId}`,
    { password: person.password },
    token,
  )) as { data: { secret: string } };
  const { secret } = setup.data;
  await call(
    baseUrl,
    'POST',
    `/api/v1/user/two_factor/totp/enable/${userId}`,
    { code: authenticatorCode(secret) },
    token,
  );
  return secret;
}

/**
 * A code the API takes after `turnOnTwoStep`'s: a code is taken once, for a step later than the
 * last one used, and the app's clock may be one step ahead; so the next step's code.
 */
export const nextAuthenticatorCode = (secret: string) =>
  authenticatorCode(secret, Date.now() + 30_000);
