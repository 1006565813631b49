import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { AppDispatch } from './store/store-extra';
import { stepUpApi } from './step-up-api';

/**
 * Step-up with a passkey (decision 062): options naming the account's passkeys, the browser's
 * prompt (`@simplewebauthn/browser`, loaded with this module, only when the button is pressed),
 * the signed answer to `stepUp`. The session is then stepped up for five minutes.
 */
export async function stepUpWithPasskeyNow(dispatch: AppDispatch, userId: string) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const started = await dispatch(
    stepUpApi.endpoints.stepUpPasskeyOptions.initiate(userId),
  ).unwrap();
  const passkey = await startAuthentication({
    optionsJSON: started.data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return dispatch(stepUpApi.endpoints.stepUp.initiate({ userId, body: { passkey } })).unwrap();
}
