import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { TwoFactorChallenge } from '@karta/shared/schemas/two-factor';
import type { User } from '@karta/shared/schemas/users';
import type { SessionEnvelope } from '../../lib/base-api';
import type { AppDispatch } from '../../lib/store/store-extra';
import { authApi } from './api';

/**
 * Signing in with a passkey alone (decision 062): a challenge from the API, the browser's prompt
 * offering this site's passkeys (`@simplewebauthn/browser`, loaded with this module, only when
 * the button is pressed), the signed answer back. It answers what a password sign-in answers.
 */
export async function signInWithPasskeyNow(dispatch: AppDispatch): Promise<SessionEnvelope<User>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const started = await dispatch(authApi.endpoints.passkeySignInOptions.initiate()).unwrap();
  const response = await startAuthentication({
    optionsJSON: started.data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return dispatch(
    authApi.endpoints.passkeySignIn.initiate({
      challenge_id: started.data.challenge_id,
      response,
    }),
  ).unwrap();
}

/**
 * The passkey as the second step after the password (decision 062): the options came with the
 * challenge and name this account's passkeys; the signed answer finishes the sign-in.
 */
export async function confirmSignInWithPasskey(
  dispatch: AppDispatch,
  challenge: TwoFactorChallenge,
): Promise<SessionEnvelope<User>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const passkey = await startAuthentication({
    optionsJSON: challenge.passkey_options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return dispatch(
    authApi.endpoints.loginTwoFactor.initiate({ challenge_id: challenge.challenge_id, passkey }),
  ).unwrap();
}

/**
 * The browser's autofill for passkeys on the e-mail field (conditional mediation): where the
 * browser offers it, its suggestions list this site's passkeys beside saved e-mails, and picking
 * one signs in. Answers undefined where the browser has no such autofill; the wait it starts is
 * cancelled by any other passkey request (the library aborts it) or by `stopPasskeyAutofill`.
 */
export async function signInWithPasskeyAutofill(
  dispatch: AppDispatch,
): Promise<SessionEnvelope<User> | undefined> {
  const { browserSupportsWebAuthnAutofill, startAuthentication } =
    await import('@simplewebauthn/browser');
  if (!(await browserSupportsWebAuthnAutofill())) return undefined;
  const started = await dispatch(authApi.endpoints.passkeySignInOptions.initiate()).unwrap();
  const response = await startAuthentication({
    optionsJSON: started.data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: true,
  });
  return dispatch(
    authApi.endpoints.passkeySignIn.initiate({ challenge_id: started.data.challenge_id, response }),
  ).unwrap();
}

/** Ends an autofill wait (the sign-in page is left). */
export async function stopPasskeyAutofill() {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}
