import type { FastifyBaseLogger } from 'fastify';
import type { IdentityProvider } from './adapters/identity/identity';
import type { JobQueue } from './adapters/jobs/jobs';
import type { Mailer } from './adapters/mail/mailer';
import type { PayoutProvider } from './adapters/payouts/payouts';
import type { SandboxProvider } from './adapters/payouts/sandbox';
import type { Storage } from './adapters/storage/storage';
import type { Config } from './config';
import type { Database, Executor } from './db/client';
import type { StaleReads } from './db/read-replica';
import type { AccessTokens } from './lib/access-tokens';
import type { Clock } from './lib/clock';
import type { DerivedKeys } from './lib/keys';

/**
 * Something that may forbid deleting an account, such as money left in the wallet. Returns the
 * reason to show, or null when it has no objection.
 */
export type DeletionGuard = (userId: string, tx: Executor) => Promise<string | null>;

/** What services need from the outside world, handed in once when the app is built. */
export interface AppContext {
  config: Config;
  db: Database;
  /**
   * Reads that may be a moment stale (the books, the audit trail, the rate-sheet export) go
   * through here: the read replica while it is fresh enough, else `db` (decision 068).
   */
  staleReads: StaleReads;
  mailer: Mailer;
  /** Uploaded files (trade photos, rejection proofs, card images): a folder or a bucket. */
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** One key per purpose, derived from JWT_SECRET; nothing else reads the secret itself. */
  keys: DerivedKeys;
  accessTokens: AccessTokens;
  deletionGuards: DeletionGuard[];
  /** Bank lookups and transfers: the sandbox by default, Paystack when configured. */
  payouts: PayoutProvider;
  /** Set when `payouts` is the sandbox: its clock is driven by the worker (or by tests). */
  sandbox: SandboxProvider | null;
  identity: IdentityProvider;
  jobs: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's context, decorated once by app.ts; routes hand it to the services. */
    ctx: AppContext;
  }
}
