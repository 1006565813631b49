import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { AppDispatch } from '../../lib/store/store-extra';
import { passkeysApi } from './passkeys-api';

/**
 * Adding a passkey (decision 062): registration options from the API, the browser's prompt
 * (`@simplewebauthn/browser`, loaded with this module, only when Add is pressed), the answer
 * back to the API with the name the seller gave it.
 */
export async function addPasskeyNow(
  dispatch: AppDispatch,
  options: { userId: string; name: string },
) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const started = await dispatch(
    passkeysApi.endpoints.passkeyRegistrationOptions.initiate(options.userId),
  ).unwrap();
  const response = await startRegistration({
    optionsJSON: started.data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return dispatch(
    passkeysApi.endpoints.addPasskey.initiate({
      userId: options.userId,
      body: { name: options.name, response },
    }),
  ).unwrap();
}
