import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { sandboxTransfers } from './db/schema/payouts';
import { withdrawals } from './db/schema/withdrawals';
import { findTransfersAheadOfRestore } from './features/withdrawals/after-restore.service';
import { signedInOperator } from '../test/catalog';
import { createTestApp, type TestApp } from '../test/create-test-app';
import {
  afterTests,
  postmasterOf,
  REPO_ROOT,
  runCleanups,
  runToEnd,
  temporaryDir,
} from '../test/karta-process';
import { copyDatabaseNow } from '../test/restored-copy';
import { bankId, handleWebhooks, runPayoutJob, sellerWithdrawing } from '../test/withdrawals';

/**
 * After the database is restored to an earlier time T, the payout provider is ahead of it:
 * `node apps/api/dist/after-restore.js` lists the transfers
 * since T the restored database does not account for. Here the sandbox provider keeps its
 * transfers in the live database (as it does in a deployment), and the restored database is a
 * copy of the live one taken at T, while withdrawals went on being paid after it.
 */
afterAll(runCleanups);

const MINUTE = 60_000;
const AFTER_RESTORE = [process.execPath, 'apps/api/dist/after-restore.js'];
const AHEAD = 3;

let t: TestApp;
let liveUrl: string;
let restoredUrl: string;
let restored: DatabaseHandle;
let since: Date;
/** The withdrawals' references (`wd_…`), by what happened to each. */
const ref: Record<string, string> = {};

beforeAll(async () => {
  // The command as an operator runs it: built into dist/ (`npm run after-restore` does the same).
  execFileSync('npm', ['run', 'build', '-w', '@karta/api'], { cwd: REPO_ROOT, stdio: 'pipe' });

  t = await createTestApp();
  liveUrl = t.app.ctx.config.databaseUrl ?? '';
  // Three hours ago, so that every transfer lies before the command's own "now".
  const start = Date.now() - 3 * 60 * MINUTE;
  t.clock.set(new Date(start));
  const gtbank = await bankId(t.app, await signedInOperator(t.app, t.db));
  /** A seller's ₦1,000 withdrawal, its transfer started (a sandbox account by `prefix`). */
  const paidOut = async (prefix = '1') => {
    const operator = await signedInOperator(t.app, t.db);
    const { withdrawal } = await sellerWithdrawing(t.app, t.db, {
      operator,
      bankId: gtbank,
      prefix,
    });
    await runPayoutJob(t.app, withdrawal.id);
    return withdrawal.transaction_id;
  };
  const settle = async (seconds: number) => {
    t.clock.advance(seconds);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);
  };

  ref.longBefore = await paidOut();
  await settle(5);
  // Within the five minutes before T that are listed too.
  t.clock.set(new Date(start + 57 * MINUTE));
  ref.agrees = await paidOut();
  ref.refundedInCopy = await paidOut();
  await settle(5);
  ref.pendingAtT = await paidOut('9997'); // stays pending 10 minutes: processing at T
  ref.reversedAfterT = await paidOut('9996'); // succeeds, then comes back 5 s later
  await settle(4);

  since = new Date(start + 60 * MINUTE);
  t.clock.set(since);
  restoredUrl = await copyDatabaseNow(inject('pgServerUrl'), liveUrl);

  // After T, only the live database and the provider learn of these.
  await settle(10); // the 9996 transfer comes back
  t.clock.advance(11 * 60);
  await settle(1); // the 9997 transfer succeeds
  ref.paidAfterT = await paidOut();
  await settle(5);
  ref.pendingAfterT = await paidOut('9997');
  ref.failedAfterT = await paidOut('9998');
  await settle(5);
  // Someone paid by hand from the same provider balance: not Karta's reference.
  await t.db.insert(sandboxTransfers).values({
    reference: 'manual-refund-0042',
    recipientCode: 'RCP_manual',
    amountKobo: 500_000n,
    status: 'success',
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  t.clock.advance(1);

  restored = connectDatabase(restoredUrl, 2, () => undefined);
  // One more kind of disagreement: the copy has a withdrawal failed and refunded whose transfer
  // the provider paid (as when an operator failed a payout whose transfer was on its way).
  await restored.db
    .update(withdrawals)
    .set({ status: 'failed', failureReason: 'The bank declined the transfer.' })
    .where(eq(withdrawals.reference, ref.refundedInCopy));
}, 240_000);

afterAll(async () => {
  await restored.close();
  await t.close();
});

const EXPECTED_AHEAD = () => [
  {
    reference: ref.refundedInCopy,
    providerStatus: 'succeeded',
    restored: { status: 'failed', reversed: false },
    finding: 'paid at the provider, refunded in the database',
  },
  {
    reference: ref.reversedAfterT,
    providerStatus: 'reversed',
    restored: { status: 'successful', reversed: false },
    finding: 'reversed at the provider, still paid in the database',
  },
  {
    reference: ref.paidAfterT,
    providerStatus: 'succeeded',
    restored: null,
    finding: 'no withdrawal: paid out, hold rolled back',
  },
  {
    reference: ref.pendingAfterT,
    providerStatus: 'pending',
    restored: null,
    finding: 'no withdrawal: still pending at the provider, hold rolled back',
  },
];

/** The command with the live database's settings, as an operator's shell has them. */
const afterRestore = (args: string[]) =>
  runToEnd(REPO_ROOT, [...AFTER_RESTORE, ...args], {
    DATABASE_URL: liveUrl,
    DATA_DIR: temporaryDir('karta-after-restore-data-'),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PAYOUT_PROVIDER: 'sandbox',
  });

const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);

describe('the transfers ahead of a restored database', () => {
  it('lists exactly the transfers since T (less 5 minutes) the restored copy does not account for', async () => {
    const report = await findTransfersAheadOfRestore({
      payouts: t.app.ctx.payouts,
      restored: restored.db,
      since,
      now: t.clock.now(),
    });

    expect(report.listedFrom).toEqual(new Date(since.getTime() - 5 * MINUTE));
    expect(
      report.ahead.map(({ reference, providerStatus, restored: row, finding }) => ({
        reference,
        providerStatus,
        restored: row,
        finding,
      })),
    ).toEqual(EXPECTED_AHEAD());
    expect(report.ahead.every((ahead) => ahead.amountKobo === 100_000n)).toBe(true);
    // Checked and found in agreement: the one paid before T, the one processing at T (which
    // reconciliation settles), and the failed one after T (nothing was paid). Never listed: the
    // one long before T, and the transfer that is not Karta's.
    expect(report.checked).toBe(7);
    expect(report.missingUnpaid).toBe(1);
    expect(report.notKarta).toBe(1);
    const listed = report.ahead.map((ahead) => ahead.reference);
    for (const fine of [ref.longBefore, ref.agrees, ref.pendingAtT, ref.failedAfterT]) {
      expect(listed).not.toContain(fine);
    }
  });

  it('finds nothing ahead of the live database itself', async () => {
    const report = await findTransfersAheadOfRestore({
      payouts: t.app.ctx.payouts,
      restored: t.db,
      since,
      now: t.clock.now(),
    });
    expect(report.ahead).toEqual([]);
    expect(report.checked).toBe(7);
  });

  it('the built command prints them as a table with a summary, and exits 3', async () => {
    const run = await afterRestore(['--restored', restoredUrl, '--since', since.toISOString()]);

    expect(run.code, run.stderr).toBe(AHEAD);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^reference\s+amount \(₦\)\s+provider\s+created at\s+restored db\s+finding$/,
    );
    const cells = lines.slice(1, 5).map((row) => row.split(/\s{2,}/));
    const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect(
      cells.every((row) => ISO.test(row[3] ?? '')),
      run.stdout,
    ).toBe(true);
    expect(cells.map((row) => row.filter((_cell, column) => column !== 3))).toEqual(
      EXPECTED_AHEAD().map((ahead) => [
        ahead.reference,
        '1,000.00',
        ahead.providerStatus,
        ahead.restored === null ? 'missing' : ahead.restored.status,
        ahead.finding,
      ]),
    );
    expect(lines[5]).toBe('');
    expect(lines[6]).toBe(
      `4 of 7 sandbox transfers since ${new Date(since.getTime() - 5 * MINUTE).toISOString()} (5 minutes before ${since.toISOString()}) are ahead of the restored database (₦4,000.00): reconcile each by hand (docs/deploy.md) before its seller withdraws the money again. 1 failed or came back with no withdrawal: nothing was paid.`,
    );
    expect(lines).toHaveLength(7);
    expect(run.stdout + run.stderr).not.toContain(passwordOf(restoredUrl));
  }, 60_000);

  it('the built command answers JSON with --json, the database password masked', async () => {
    const run = await afterRestore([
      '--restored',
      restoredUrl,
      '--since',
      since.toISOString(),
      '--json',
    ]);

    expect(run.code, run.stderr).toBe(AHEAD);
    const answer = JSON.parse(run.stdout) as Record<string, unknown> & {
      ahead: Record<string, unknown>[];
    };
    expect(answer).toMatchObject({
      provider: 'sandbox',
      since: since.toISOString(),
      listed_from: new Date(since.getTime() - 5 * MINUTE).toISOString(),
      checked: 7,
      not_karta: 1,
      missing_unpaid: 1,
    });
    expect(answer.restored).toBe(restoredUrl.replace(/:[^:@/]+@/, ':***@'));
    const withoutTimesAndReasons = answer.ahead.map((ahead) => {
      const rest = { ...ahead };
      delete rest.created_at;
      delete rest.provider_reason;
      return rest;
    });
    expect(withoutTimesAndReasons).toEqual(
      EXPECTED_AHEAD().map((ahead) => ({
        reference: ahead.reference,
        amount_kobo: '100000',
        amount_naira: '1000.00',
        provider_status: ahead.providerStatus,
        restored_status: ahead.restored?.status ?? null,
        restored_reversed: ahead.restored?.reversed ?? null,
        finding: ahead.finding,
      })),
    );
    // The reversal's reason is the provider's; the others have none.
    expect(answer.ahead.map((ahead) => ahead.provider_reason)).toEqual([
      null,
      'Sandbox: the receiving bank returned the money',
      null,
      null,
    ]);
    const times = answer.ahead.map((ahead) => Date.parse(String(ahead.created_at)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(run.stdout + run.stderr).not.toContain(passwordOf(restoredUrl));
  }, 60_000);

  it('the built command exits 0 when nothing is ahead', async () => {
    const run = await afterRestore(['--restored', liveUrl, '--since', since.toISOString()]);

    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toMatch(
      /^Nothing ahead: the restored database accounts for all 7 sandbox transfers since \S+ \(5 minutes before \S+\)\.$/,
    );
  }, 60_000);

  it.each([
    ['no --since', ['--restored', 'postgres://db.example/karta']],
    [
      'a --since without its zone',
      ['--restored', 'postgres://db.example/karta', '--since', '2026-03-02T10:00'],
    ],
    [
      'a --since in the future',
      ['--restored', 'postgres://db.example/karta', '--since', '2999-01-01T00:00:00Z'],
    ],
    ['no --restored', ['--since', '2026-03-02T10:00:00Z']],
    [
      'a --restored that is not a postgres URL',
      ['--restored', 'karta', '--since', '2026-03-02T10:00:00Z'],
    ],
    [
      'an unknown option',
      ['--restored', 'postgres://db.example/karta', '--since', '2026-03-02T10:00:00Z', '--force'],
    ],
  ])(
    'the built command exits 2 with its usage on %s',
    async (_case, args) => {
      const run = await afterRestore(args);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('Usage: node apps/api/dist/after-restore.js --restored');
      expect(run.stdout).toBe('');
    },
    60_000,
  );

  it('the built command says which database it could not read, without its password, and exits 1', async () => {
    const missing = `${inject('pgServerUrl')}/no_such_restore`;
    const run = await afterRestore(['--restored', missing, '--since', since.toISOString()]);

    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr).toContain(
      `The restored database at ${missing.replace(/:[^:@/]+@/, ':***@')}`,
    );
    expect(run.stderr).toContain('no_such_restore');
    expect(run.stdout + run.stderr).not.toContain(passwordOf(missing));
  }, 60_000);

  it('the built command asks Paystack when PAYOUT_PROVIDER=paystack, and opens no database of its own', async () => {
    // Paystack's List Transfers, one page: a transfer the restored copy knows and one it does not.
    const secretKey = 'sk_test_after_restore_0123456789abcdef';
    const asked: URL[] = [];
    const transferAt = (reference: string, minutesAfterT: number) => ({
      amount: 250_000,
      currency: 'NGN',
      reference,
      status: 'success',
      failures: null,
      createdAt: new Date(since.getTime() + minutesAfterT * MINUTE).toISOString(),
    });
    const paystack = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      asked.push(url);
      const authorised = req.headers.authorization === `Bearer ${secretKey}`;
      res.writeHead(authorised ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          authorised && url.pathname === '/transfer'
            ? {
                status: true,
                message: 'Transfers retrieved',
                data: [transferAt(ref.paidAfterT ?? '', 12), transferAt(ref.agrees ?? '', -3)],
                meta: { total: 2, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
              }
            : { status: false, message: 'Invalid key' },
        ),
      );
    });
    await new Promise<void>((resolve) => paystack.listen(0, '127.0.0.1', resolve));
    afterTests(
      () =>
        new Promise<void>((resolve) =>
          paystack.close(() => {
            resolve();
          }),
        ),
    );
    const dataDir = temporaryDir('karta-after-restore-paystack-');

    const run = await runToEnd(
      REPO_ROOT,
      [...AFTER_RESTORE, '--restored', restoredUrl, '--since', since.toISOString(), '--json'],
      {
        DATA_DIR: dataDir,
        PAYOUT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: secretKey,
        PAYSTACK_BASE_URL: `http://127.0.0.1:${String((paystack.address() as AddressInfo).port)}`,
      },
    );

    expect(run.code, run.stderr).toBe(AHEAD);
    const answer = JSON.parse(run.stdout) as { provider: string; checked: number; ahead: object[] };
    expect(answer.provider).toBe('paystack');
    expect(answer.checked).toBe(2);
    expect(answer.ahead).toEqual([
      expect.objectContaining({
        reference: ref.paidAfterT,
        amount_naira: '2500.00',
        provider_status: 'succeeded',
        restored_status: null,
      }),
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get('from')).toBe(
      new Date(since.getTime() - 5 * MINUTE).toISOString(),
    );
    // Paystack keeps its own transfers: no embedded PostgreSQL was started for the live database.
    expect(postmasterOf(dataDir)).toBeUndefined();
    expect(run.stdout + run.stderr).not.toContain(secretKey);
  }, 60_000);
});
