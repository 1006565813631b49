import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TierLadder } from '@karta/shared/kyc-tiers';
import { parseNairaToKobo } from '@karta/shared/money';
import type { S3Settings } from './adapters/storage/s3';

/** apps/api, wherever the code runs from (src/ under tsx and vitest, dist/ when built). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(API_ROOT, '../..');

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const NAIRA = /^\d{1,12}(\.\d{1,2})?$/;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  DATABASE_URL: z.url().optional(),
  /** A streaming replica for the console's stale-tolerant reports (decision 068); unset: none. */
  DATABASE_READ_URL: z.url().optional(),
  /** The replica serves those reports only while it is at most this many ms behind the primary. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(1).max(3_600_000).default(1000),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  JWT_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.url().optional(),
  /** Passkeys (decision 062): the site they belong to, and the page origin they are made on. */
  WEBAUTHN_RP_ID: z.string().min(1).optional(),
  WEBAUTHN_ORIGIN: z.url().optional(),
  TRUST_PROXY: booleanText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `GET /metrics` listens here (0: a free port); unset: 9464, or none under NODE_ENV=test. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Karta <no-reply@karta.example>'),
  SUPPORT_EMAIL: z.string().default('support@karta.example'),
  SUPPORT_PHONE: z.string().default('+234 700 000 0000'),
  REDIS_URL: z.string().optional(),
  /** Set: uploads go to this bucket of an S3-compatible store; unset: `<DATA_DIR>/uploads`. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /** The live stream's heartbeat comment, every this many ms (decision 069; tests shorten it). */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300_000).default(25_000),
  /** Live streams one user may hold open on one API process at once (decision 069). */
  EVENTS_STREAMS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(5),
  /** The API reference at /api/docs; unset: `off` in production, `public` elsewhere. */
  API_DOCS: z.enum(['public', 'off']).optional(),
  /** Registration attempts, and code requests, an hour from one IP: each apart (decision 054). */
  SIGNUP_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  REFRESH_IDLE_DAYS: z.coerce.number().positive().default(7),
  REFRESH_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: booleanText.optional(),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  PAYOUT_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: z.string().min(10).optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** Unset: the sandbox in development, none at all (BVN checks answer 503) in production. */
  IDENTITY_PROVIDER: z.enum(['sandbox', 'dojah']).optional(),
  DOJAH_APP_ID: z.string().min(1).optional(),
  DOJAH_SECRET_KEY: z.string().min(1).optional(),
  DOJAH_BASE_URL: z.url().default('https://api.dojah.io'),
  /** Naira, at most 2 decimals. */
  WITHDRAWAL_FEE: z.string().regex(NAIRA, 'a naira amount such as 50 or 52.50').default('50'),
  WITHDRAWAL_MAX: z.string().regex(NAIRA, 'a naira amount').default('1000000'),
  WITHDRAWAL_DAILY_LIMIT: z.string().regex(NAIRA, 'a naira amount').default('5000000'),
  /**
   * What each KYC tier may withdraw (decision 063), naira: per Lagos day and per withdrawal.
   * WITHDRAWAL_MAX and WITHDRAWAL_DAILY_LIMIT still cap every tier.
   */
  KYC_TIER1_DAILY_LIMIT: z.string().regex(NAIRA, 'a naira amount').default('200000'),
  KYC_TIER1_SINGLE_LIMIT: z.string().regex(NAIRA, 'a naira amount').default('200000'),
  KYC_TIER2_DAILY_LIMIT: z.string().regex(NAIRA, 'a naira amount').default('1000000'),
  KYC_TIER2_SINGLE_LIMIT: z.string().regex(NAIRA, 'a naira amount').default('1000000'),
  KYC_TIER3_DAILY_LIMIT: z.string().regex(NAIRA, 'a naira amount').default('5000000'),
  KYC_TIER3_SINGLE_LIMIT: z.string().regex(NAIRA, 'a naira amount').default('1000000'),
  /** The most one approval or one adjustment may credit, whoever makes it. */
  MAX_SINGLE_CREDIT: z.string().regex(NAIRA, 'a naira amount').default('5000000'),
  /** Minutes a pending trade may wait before the review queue marks it late. */
  REVIEW_TARGET_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** Minutes an operator's claim on a trade lasts unless renewed (the review page renews it). */
  REVIEW_CLAIM_MINUTES: z.coerce.number().int().min(2).max(120).default(10),
  /**
   * Keys the stored hashes of card e-codes (duplicate detection). Unset: derived from JWT_SECRET.
   * Set it on its own so rotating JWT_SECRET does not forget every code seen before.
   */
  DUPLICATE_HASH_KEY: z.string().min(32).optional(),
  /**
   * Keys the stored BVN hashes (one BVN per account). Unset: derived from JWT_SECRET. Set it on
   * its own so rotating JWT_SECRET keeps the check for every BVN verified before.
   */
  BVN_HASH_KEY: z.string().min(32).optional(),
  /**
   * Seals the authenticator secrets and keys the recovery-code hashes (decision 061). Unset:
   * derived from JWT_SECRET. Set it on its own so rotating JWT_SECRET does not turn off every
   * account's two-step sign-in.
   */
  TWO_FACTOR_KEY: z.string().min(32).optional(),
  /** Staff need two-step sign-in for the console; unset: `required` in production only. */
  STAFF_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  /** Integer kobo: an approval of this much or more waits for a second operator (₦500,000). */
  FOUR_EYES_KOBO: z.coerce
    .bigint({ error: 'an amount in whole kobo, e.g. 50000000 for ₦500,000' })
    .positive()
    .default(50_000_000n),
  /** Run the payout worker inside the API process (the default for `npm start`). */
  RUN_WORKER: booleanText.default(true),
});

/** Every variable read here; docs/deploy.md and docs/configuration.md list each one (config-docs.test.ts). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  /** Unset: start the embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /**
   * The read replica of the books, the audit trail and the rate-sheet export, and how far behind
   * the primary it may be and still answer them; undefined: every read goes to the primary.
   */
  readReplica: { url: string; maxLagMs: number } | undefined;
  embeddedPgPort: number;
  jwtSecret: string;
  publicUrl: string;
  /** Passkeys: the relying party id (a host name) and the origin the browser reports. */
  webauthn: { rpId: string; origin: string };
  trustProxy: boolean;
  logLevel: string;
  /** Where `GET /metrics` listens, apart from the public port; undefined: nowhere. */
  metrics: { host: string; port: number } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  supportPhone: string;
  redisUrl: string | undefined;
  /** The object store for uploads; undefined: the local folder `<dataDir>/uploads`. */
  s3: S3Settings | undefined;
  rateLimitMax: number;
  /** The live stream (decision 069): its heartbeat and how many one user may hold per process. */
  events: { heartbeatMs: number; streamsPerUser: number };
  /** `public`: the API reference is served at /api/docs; `off`: those paths are 404s. */
  apiDocs: 'public' | 'off';
  /** Attempts an hour from one IP at POST /auth/register, and at GET /user/request_otp. */
  signupLimitPerIp: number;
  refreshIdleSeconds: number;
  refreshAbsoluteSeconds: number;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  webDistDir: string;
  migrationsDir: string;
  /** The provider transfers that settle withdrawals (a payout is the transfer, not the request). */
  payouts: {
    provider: 'sandbox' | 'paystack';
    paystackSecretKey: string | undefined;
    paystackBaseUrl: string;
  };
  /** Who checks a BVN against the account holder; `unavailable` answers every check with 503. */
  identity:
    | { provider: 'sandbox' | 'unavailable' }
    | { provider: 'dojah'; appId: string; secretKey: string; baseUrl: string };
  /** What a seller's withdrawal request may be: its fee and limits. */
  withdrawals: {
    feeKobo: bigint;
    maxKobo: bigint;
    dailyLimitKobo: bigint;
  };
  /** Each KYC tier's withdrawal limits (decision 063). */
  kycTiers: TierLadder;
  maxSingleCreditKobo: bigint;
  /** The trade desk's clock: when a waiting trade is late, and how long a claim lasts. */
  tradeReview: { targetMinutes: number; claimMinutes: number };
  /** Keys the e-code hashes of duplicate detection; undefined: derived from jwtSecret. */
  duplicateHashKey: string | undefined;
  /** Keys the BVN hashes; undefined: derived from jwtSecret. */
  bvnHashKey: string | undefined;
  /** Seals authenticator secrets and keys recovery codes; undefined: derived from jwtSecret. */
  twoFactorKey: string | undefined;
  /** `required`: an operator or admin without two-step sign-in is refused every /admin route. */
  staffTwoFactor: 'required' | 'optional';
  /** An approval crediting at least this much waits for a second operator's confirmation. */
  fourEyesKobo: bigint;
  runWorker: boolean;
}

/**
 * Development secrets are generated once and kept in DATA_DIR, so sessions survive a restart
 * without anyone having to configure anything. Production must be given its secrets.
 */
function loadDevelopmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret) return stored.jwtSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }), { mode: 0o600 });
  return jwtSecret;
}

/** Unset means the sandbox in development and no provider at all in production. */
function identityConfig(e: z.infer<typeof EnvSchema>, isProduction: boolean): Config['identity'] {
  if (e.IDENTITY_PROVIDER === 'dojah') {
    if (!e.DOJAH_APP_ID || !e.DOJAH_SECRET_KEY) {
      throw new Error(
        'DOJAH_APP_ID and DOJAH_SECRET_KEY are required when IDENTITY_PROVIDER=dojah',
      );
    }
    const { DOJAH_APP_ID: appId, DOJAH_SECRET_KEY: secretKey, DOJAH_BASE_URL: baseUrl } = e;
    return { provider: 'dojah', appId, secretKey, baseUrl };
  }
  // The sandbox verifies any BVN not starting with 0: in production it would verify anyone.
  if (isProduction && e.IDENTITY_PROVIDER === 'sandbox') {
    throw new Error('IDENTITY_PROVIDER=sandbox is not allowed in production; use dojah');
  }
  return { provider: e.IDENTITY_PROVIDER ?? (isProduction ? 'unavailable' : 'sandbox') };
}

/** The bucket, when S3_BUCKET names one; any other S3_* variable alone is a mistake, not a choice. */
function s3Config(e: z.infer<typeof EnvSchema>): S3Settings | undefined {
  const keyId = e.S3_ACCESS_KEY_ID;
  const secret = e.S3_SECRET_ACCESS_KEY;
  if (Boolean(keyId) !== Boolean(secret)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || keyId)
      throw new Error('S3_BUCKET is required with the other S3_* variables');
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** Prometheus's usual exporter port; tests run many apps at once and ask for one when they want it. */
const DEFAULT_METRICS_PORT = 9464;

function metricsListener(e: z.infer<typeof EnvSchema>): Config['metrics'] {
  const port = e.METRICS_PORT ?? (e.NODE_ENV === 'test' ? undefined : DEFAULT_METRICS_PORT);
  return port === undefined ? undefined : { host: e.METRICS_HOST, port };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.JWT_SECRET) throw new Error('JWT_SECRET is required in production');
  if (isProduction && !e.DATABASE_URL) throw new Error('DATABASE_URL is required in production');
  // A replica follows a primary Karta is told about; the embedded PostgreSQL has none.
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new Error(
      'DATABASE_READ_URL needs DATABASE_URL: a replica of the embedded PostgreSQL is not supported',
    );
  }
  // The outbox is readable only through /dev, which production does not have: codes would
  // vanish. Production must send real mail.
  if (isProduction && !e.SMTP_URL) throw new Error('SMTP_URL is required in production');
  // The sandbox pays nobody: a production process using it would tell people their money left.
  if (isProduction && e.PAYOUT_PROVIDER !== 'paystack') {
    throw new Error(
      'PAYOUT_PROVIDER=paystack (with PAYSTACK_SECRET_KEY) is required in production',
    );
  }
  if (e.PAYOUT_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    throw new Error('PAYSTACK_SECRET_KEY is required when PAYOUT_PROVIDER=paystack');
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    // Loopback unless told otherwise: a development machine does not expose itself by default.
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    readReplica: e.DATABASE_READ_URL
      ? { url: e.DATABASE_READ_URL, maxLagMs: e.DATABASE_READ_MAX_LAG_MS }
      : undefined,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    jwtSecret: e.JWT_SECRET ?? loadDevelopmentSecret(dataDir),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    webauthn: webauthnConfig(e),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metrics: metricsListener(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    redisUrl: e.REDIS_URL,
    s3: s3Config(e),
    rateLimitMax: e.RATE_LIMIT_MAX,
    events: { heartbeatMs: e.EVENTS_HEARTBEAT_MS, streamsPerUser: e.EVENTS_STREAMS_PER_USER },
    // The reference describes every route and field: an attacker's map. Public only by choice.
    apiDocs: e.API_DOCS ?? (isProduction ? 'off' : 'public'),
    signupLimitPerIp: e.SIGNUP_LIMIT_PER_IP,
    refreshIdleSeconds: Math.round(e.REFRESH_IDLE_DAYS * 86_400),
    refreshAbsoluteSeconds: Math.round(e.REFRESH_ABSOLUTE_DAYS * 86_400),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    migrationsDir: path.join(API_ROOT, 'drizzle'),
    payouts: {
      provider: e.PAYOUT_PROVIDER,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY,
      paystackBaseUrl: e.PAYSTACK_BASE_URL,
    },
    identity: identityConfig(e, isProduction),
    withdrawals: {
      feeKobo: parseNairaToKobo(e.WITHDRAWAL_FEE),
      maxKobo: parseNairaToKobo(e.WITHDRAWAL_MAX),
      dailyLimitKobo: parseNairaToKobo(e.WITHDRAWAL_DAILY_LIMIT),
    },
    kycTiers: {
      1: {
        dailyKobo: parseNairaToKobo(e.KYC_TIER1_DAILY_LIMIT),
        singleKobo: parseNairaToKobo(e.KYC_TIER1_SINGLE_LIMIT),
      },
      2: {
        dailyKobo: parseNairaToKobo(e.KYC_TIER2_DAILY_LIMIT),
        singleKobo: parseNairaToKobo(e.KYC_TIER2_SINGLE_LIMIT),
      },
      3: {
        dailyKobo: parseNairaToKobo(e.KYC_TIER3_DAILY_LIMIT),
        singleKobo: parseNairaToKobo(e.KYC_TIER3_SINGLE_LIMIT),
      },
    },
    maxSingleCreditKobo: parseNairaToKobo(e.MAX_SINGLE_CREDIT),
    tradeReview: { targetMinutes: e.REVIEW_TARGET_MINUTES, claimMinutes: e.REVIEW_CLAIM_MINUTES },
    duplicateHashKey: e.DUPLICATE_HASH_KEY,
    bvnHashKey: e.BVN_HASH_KEY,
    twoFactorKey: e.TWO_FACTOR_KEY,
    // The demo operator of development has no authenticator; production's staff must.
    staffTwoFactor: e.STAFF_TWO_FACTOR ?? (isProduction ? 'required' : 'optional'),
    fourEyesKobo: e.FOUR_EYES_KOBO,
    runWorker: e.RUN_WORKER,
  };
}

/**
 * Passkeys are bound to a site: by default the host and origin of PUBLIC_URL (a passkey made on
 * karta.example works on karta.example). Set them apart only when the web app is served from
 * another address than PUBLIC_URL says.
 */
function webauthnConfig(e: z.infer<typeof EnvSchema>): { rpId: string; origin: string } {
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${String(e.PORT)}`);
  return {
    rpId: e.WEBAUTHN_RP_ID ?? publicUrl.hostname,
    origin: e.WEBAUTHN_ORIGIN ? new URL(e.WEBAUTHN_ORIGIN).origin : publicUrl.origin,
  };
}
