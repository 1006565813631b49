import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { chooseIdentity } from './adapters/identity/choose-identity';
import { responseSerializerCompiler } from './lib/response-serializer';
import type { IdentityProvider } from './adapters/identity/identity';
import { createPgBossQueue, type JobQueue } from './adapters/jobs/jobs';
import type { Mailer } from './adapters/mail/mailer';
import { choosePayouts } from './adapters/payouts/choose-payouts';
import { sandboxWebhookSecret } from './adapters/payouts/sandbox';
import { createOutboxMailer } from './adapters/mail/outbox';
import { createSmtpMailer } from './adapters/mail/smtp';
import { createLocalStorage } from './adapters/storage/local';
import { createS3Storage } from './adapters/storage/s3';
import type { Storage } from './adapters/storage/storage';
import type { AppContext, DeletionGuard } from './app-context';
import type { Config } from './config';
import type { Database } from './db/client';
import { connectReadReplica, primaryOnly } from './db/read-replica';
import { oncePerBurst } from './lib/once-per-burst';
import { systemClock, type Clock } from './lib/clock';
import { serializeError } from './lib/log-errors';
import { pathForLog } from './lib/log-path';
import { deriveKeys } from './lib/keys';
import { createAccessTokens } from './lib/access-tokens';
import { authRoutes } from './features/accounts/auth.routes';
import { userRoutes } from './features/accounts/user.routes';
import { readDashboardStart } from './features/dashboard-start/dashboard-start.service';
import { passkeyRoutes, passkeySignInRoutes } from './features/accounts/passkeys.routes';
import { ownSessionRoutes } from './features/sessions/own-sessions.routes';
import { twoFactorAdminRoutes, twoFactorRoutes } from './features/accounts/two-factor.routes';
import { appConfigRoutes } from './features/app-config/app-config.routes';
import { beneficiaryRoutes } from './features/beneficiaries/beneficiaries.routes';
import { catalogAdminRoutes } from './features/catalog/catalog-admin.routes';
import { catalogDeskRoutes } from './features/catalog/catalog-desk.routes';
import { catalogRoutes } from './features/catalog/catalog.routes';
import { dataExportRoutes } from './features/data-export/data-export.routes';
import { devMailRoutes } from './features/dev-mail/dev-mail.routes';
import { healthRoutes } from './features/health/health.routes';
import { authenticateAccessToken } from './features/sessions/sessions.service';
import { checkStepUp } from './features/accounts/step-up.service';
import { hasTwoStep } from './features/accounts/two-step.service';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import {
  rememberRequestLogger,
  requestIdFor,
  requestIdOfLine,
  requestIdPlugin,
} from './plugins/request-id';
import { noStorePlugin } from './plugins/no-store';
import { securityHeadersPlugin } from './plugins/security-headers';
import { textGuardPlugin } from './plugins/text-guard';
import { webAppPlugin } from './plugins/web-app';
import { referralRoutes } from './features/referrals/referrals.routes';
import { noticeRoutes } from './features/notices/notices.routes';
import { eventRoutes } from './features/events/events.routes';
import { rateAlertRoutes } from './features/rate-alerts/rate-alerts.routes';
import { tradeAdminRoutes } from './features/trades/trades-admin.routes';
import { tradeClaimBeaconRoutes } from './features/trades/trade-claim-beacon.routes';
import {
  rejectionProofAdminRoutes,
  rejectionProofRoutes,
} from './features/trades/rejection-proofs.routes';
import { tradeRoutes } from './features/trades/trades.routes';
import { walletMustBeEmpty } from './features/wallet/wallet.service';
import { walletRoutes } from './features/wallet/wallet.routes';
import { financeRoutes } from './features/finance/finance.routes';
import { kycRoutes } from './features/kyc/kyc.routes';
import { kycAdminRoutes } from './features/kyc-documents/kyc-admin.routes';
import { kycClaimBeaconRoutes } from './features/kyc-documents/kyc-claim-beacon.routes';
import { supportClaimBeaconRoutes } from './features/support/support-claim-beacon.routes';
import {
  savedReplyRoutes,
  supportAdminRoutes,
  tradeConversationRoutes,
} from './features/support/support-admin.routes';
import { supportPhotoRoutes, supportRoutes } from './features/support/support.routes';
import {
  kycDocumentImageRoutes,
  kycDocumentRoutes,
} from './features/kyc-documents/kyc-documents.routes';
import { webhookRoutes } from './features/withdrawals/webhooks.routes';
import { autoWithdrawalRoutes } from './features/withdrawals/auto-withdrawal.routes';
import { withdrawalRoutes } from './features/withdrawals/withdrawals.routes';
import { withdrawalDeskRoutes } from './features/withdrawals/withdrawal-desk.routes';
import { sellerDeskRoutes } from './features/sellers/sellers.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { booksRoutes } from './features/books/books.routes';
import { overviewRoutes } from './features/overview/overview.routes';
import { metricsPlugin } from './features/metrics/metrics.plugin';
import { payoutAlertRoutes } from './features/withdrawals/payout-alerts.routes';
import { invitationRoutes, staffDeskRoutes } from './features/staff/staff.routes';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Defaults to SMTP when SMTP_URL is set, else the database outbox. */
  mailer?: Mailer;
  /** Defaults to the S3 bucket when S3_BUCKET is set, else the local directory `<DATA_DIR>/uploads`. */
  storage?: Storage;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** Added to the built-in ones (the wallet must be empty). */
  deletionGuards?: DeletionGuard[];
  identity?: IdentityProvider;
  jobs?: JobQueue;
  /** Called for every route as it is registered (the generated security tests read the table). */
  onRoute?: (route: RouteOptions) => void;
}

/** Secrets never reach a log line, whatever a future log call passes in. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-two-factor-code"]',
  'res.headers["set-cookie"]',
  ...['password', 'new_password', 'verify_password', 'verify_new_password', 'pin', 'verify_pin']
    .concat([
      'otp',
      'code',
      'token',
      'refreshToken',
      'accessToken',
      'bvn',
      // KYC tiers (decision 063).
      'nin',
      'authorization',
      'cookie',
      // Two-step sign-in (decision 061).
      'secret',
      'otpauth_url',
      'challenge_id',
      'recovery_code',
      'recovery_codes',
    ])
    .flatMap((key) => [key, `*.${key}`]),
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // A failed query's parameters and PostgreSQL's `detail` never reach a log line.
      serializers: { err: serializeError },
      // A line the app's own logger writes while a request is handled carries its id too.
      mixin: requestIdOfLine,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFor,
    childLoggerFactory: rememberRequestLogger,
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const clock = options.clock ?? systemClock;
  const keys = deriveKeys(config.jwtSecret, {
    duplicateCodes: config.duplicateHashKey,
    bvnHashes: config.bvnHashKey,
    twoFactor: config.twoFactorKey,
  });
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? await createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(db, app.log, config.publicUrl));
  const { payouts, sandbox } = choosePayouts(config.payouts, {
    db,
    clock,
    webhookSecret: sandboxWebhookSecret(keys.sandboxWebhooks),
    log: app.log,
  });
  // The sandbox's webhooks go through our own HTTP route, like a provider's would.
  sandbox?.setDelivery(async (rawBody, headers) => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/sandbox',
      payload: rawBody,
      headers,
    });
  });
  const warnReplica = oncePerBurst((error: unknown, heldBack: number) => {
    app.log.warn(
      { err: error, heldBack },
      'read replica: a measurement or a read failed; its reads go to the primary',
    );
  });
  const staleReads = config.readReplica
    ? connectReadReplica({ primary: db, ...config.readReplica, onReplicaError: warnReplica })
    : primaryOnly(db);
  app.decorate('ctx', {
    config,
    db,
    staleReads,
    clock,
    log: app.log,
    mailer,
    storage:
      options.storage ??
      (config.s3
        ? await createS3Storage(config.s3)
        : createLocalStorage(path.join(config.dataDir, 'uploads'))),
    keys,
    accessTokens: createAccessTokens(keys.accessTokens, clock),
    deletionGuards: [walletMustBeEmpty, ...(options.deletionGuards ?? [])],
    payouts,
    sandbox,
    identity: options.identity ?? chooseIdentity(config.identity),
    jobs: options.jobs ?? createPgBossQueue(db, app.log),
  } satisfies AppContext);
  // Started at boot, not on first use: a service may then send a job inside its transaction
  // without first making sure the queue is up (its start takes pool connections, and a burst
  // of transactions each holding one while waiting for it could take them all).
  app.addHook('onReady', () => app.ctx.jobs.start());
  app.addHook('onClose', () => app.ctx.jobs.stop());
  // The replica's freshness is measured from the start until the app closes (decision 068).
  app.addHook('onReady', async () => {
    staleReads.start();
  });
  app.addHook('onClose', () => staleReads.close());

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        path: pathForLog(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });

  // First: its hooks give 404s, errors and rate-limited answers their X-Request-Id too.
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(noStorePlugin);
  await app.register(textGuardPlugin);
  await app.register(cookie);
  await app.register(rateLimitPlugin, { max: config.rateLimitMax, redisUrl: config.redisUrl });
  await app.register(openApiPlugin, {
    publishDocs: config.apiDocs === 'public',
    publicUrl: config.publicUrl,
  });
  await app.register(authPlugin, {
    userOfAccessToken: (token) => authenticateAccessToken(app.ctx, token),
    checkStepUp: (options) => checkStepUp(app.ctx, options),
    hasTwoStep: (user) => hasTwoStep(app.ctx.db, user),
    staffTwoFactor: config.staffTwoFactor,
  });

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api/v1/auth' });
  await app.register(userRoutes, { prefix: '/api/v1/user', readDashboardStart });
  await app.register(twoFactorRoutes, { prefix: '/api/v1/user/two_factor' });
  await app.register(passkeyRoutes, { prefix: '/api/v1/user/passkeys' });
  await app.register(ownSessionRoutes, { prefix: '/api/v1/user/sessions' });
  await app.register(passkeySignInRoutes, { prefix: '/api/v1/auth/passkey' });
  await app.register(beneficiaryRoutes, { prefix: '/api/v1/user' });
  await app.register(appConfigRoutes, { prefix: '/api/v1/app' });
  await app.register(catalogRoutes, { prefix: '/api/v1/card' });
  await app.register(catalogAdminRoutes, { prefix: '/api/v1/admin/catalog' });
  await app.register(catalogDeskRoutes, { prefix: '/api/v1/admin/catalog' });
  await app.register(tradeRoutes, { prefix: '/api/v1/trade' });
  await app.register(tradeAdminRoutes, { prefix: '/api/v1/admin/trades' });
  await app.register(tradeClaimBeaconRoutes, { prefix: '/api/v1/trade_claims' });
  await app.register(rejectionProofAdminRoutes, { prefix: '/api/v1/admin/trades' });
  await app.register(rejectionProofRoutes, { prefix: '/api/v1/trade' });
  await app.register(walletRoutes, { prefix: '/api/v1/transaction' });
  await app.register(referralRoutes, { prefix: '/api/v1/user' });
  await app.register(noticeRoutes, { prefix: '/api/v1/user' });
  await app.register(eventRoutes, { prefix: '/api/v1' });
  await app.register(rateAlertRoutes, { prefix: '/api/v1/user' });
  await app.register(kycRoutes, { prefix: '/api/v1/user' });
  await app.register(kycDocumentRoutes, { prefix: '/api/v1/user' });
  await app.register(kycDocumentImageRoutes, { prefix: '/api/v1/user' });
  await app.register(kycAdminRoutes, { prefix: '/api/v1/admin/kyc' });
  await app.register(kycClaimBeaconRoutes, { prefix: '/api/v1/kyc_claims' });
  await app.register(dataExportRoutes, { prefix: '/api/v1/user' });
  await app.register(supportRoutes, { prefix: '/api/v1/support' });
  await app.register(supportPhotoRoutes, { prefix: '/api/v1/support' });
  await app.register(supportAdminRoutes, { prefix: '/api/v1/admin/support' });
  await app.register(supportClaimBeaconRoutes, { prefix: '/api/v1/support_claims' });
  await app.register(savedReplyRoutes, { prefix: '/api/v1/admin/saved_replies' });
  await app.register(tradeConversationRoutes, { prefix: '/api/v1/admin/trades' });
  await app.register(financeRoutes, { prefix: '/api/v1/finance' });
  await app.register(withdrawalRoutes, { prefix: '/api/v1/transaction' });
  await app.register(autoWithdrawalRoutes, { prefix: '/api/v1/user' });
  await app.register(withdrawalDeskRoutes, { prefix: '/api/v1/admin/withdrawals' });
  await app.register(sellerDeskRoutes, { prefix: '/api/v1/admin/users' });
  await app.register(twoFactorAdminRoutes, { prefix: '/api/v1/admin/users' });
  await app.register(overviewRoutes, { prefix: '/api/v1/admin/overview' });
  await app.register(payoutAlertRoutes, { prefix: '/api/v1/admin/payout_alerts' });
  await app.register(auditRoutes, { prefix: '/api/v1/admin/audit' });
  await app.register(booksRoutes, { prefix: '/api/v1/admin/reports' });
  await app.register(staffDeskRoutes, { prefix: '/api/v1/admin/staff' });
  await app.register(invitationRoutes, { prefix: '/api/v1/auth' });
  await app.register(webhookRoutes, { prefix: '/api/v1/webhooks' });
  if (!config.isProduction) await app.register(devMailRoutes, { prefix: '/dev' });
  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    serveSourceMaps: !config.isProduction,
  });

  return app;
}
