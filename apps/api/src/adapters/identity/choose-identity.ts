import type { Config } from '../../config';
import { createDojahIdentity } from './dojah';
import { sandboxIdentity, unavailableIdentity, type IdentityProvider } from './identity';

/** The identity provider the configuration names (config.ts decides the default). */
export function chooseIdentity(config: Config['identity']): IdentityProvider {
  switch (config.provider) {
    case 'dojah':
      return createDojahIdentity(config);
    case 'sandbox':
      return sandboxIdentity;
    case 'unavailable':
      return unavailableIdentity;
  }
}
