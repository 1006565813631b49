import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PayoutProvider } from './payouts';
import { createPaystackProvider } from './paystack';
import { createSandboxProvider, type SandboxProvider } from './sandbox';

interface SandboxNeeds {
  /** The sandbox keeps its transfers in Karta's own (live) database; Paystack needs none. */
  db?: Database;
  clock: Clock;
  webhookSecret: string;
  log?: { error: (object: object, message: string) => void };
}

/**
 * The payout provider the configuration names (config.ts decides the default): the app and the
 * operator commands (after-restore.ts) build it here, so they always ask the same provider.
 */
export function choosePayouts(
  config: Config['payouts'],
  needs: SandboxNeeds,
): { payouts: PayoutProvider; sandbox: SandboxProvider | null } {
  if (config.provider === 'sandbox') {
    const { db, ...rest } = needs;
    if (!db) throw new Error('the sandbox payout provider needs the database');
    const sandbox = createSandboxProvider({ db, ...rest });
    return { payouts: sandbox, sandbox };
  }
  return {
    payouts: createPaystackProvider({
      secretKey: config.paystackSecretKey ?? '',
      baseUrl: config.paystackBaseUrl,
    }),
    sandbox: null,
  };
}
