import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
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
