import { and, asc, eq, sql } from 'drizzle-orm';
import type { Bank } from '@karta/shared/schemas/finance';
import type { AppContext } from '../../app-context';
import { banks } from '../../db/schema/payouts';
import { ProviderUnavailableError } from '../../adapters/payouts/payouts';
import { AppError } from '../../lib/app-error';
import { preparedOnce } from '../../lib/prepared-once';

/** The provider's bank list changes rarely (a new bank, a merger): refreshed once a day. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;
const BANK_NOT_FOUND = 'Choose a bank from the list.';

export type BankRow = typeof banks.$inferSelect;

/** Copies the provider's list into our table, keeping ids stable (clients send our id). */
async function refreshBanks(ctx: AppContext): Promise<void> {
  const provider = ctx.payouts.name;
  const listed = await ctx.payouts.listBanks();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(banks)
      .set({ active: false, updatedAt: now })
      .where(eq(banks.provider, provider));
    if (listed.length === 0) return;
    await tx
      .insert(banks)
      .values(
        listed.map((bank) => ({
          provider,
          code: bank.code,
          name: bank.name,
          cbnCode: bank.cbnCode,
          active: true,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [banks.provider, banks.code],
        set: {
          name: sql`excluded.name`,
          cbnCode: sql`excluded.cbn_code`,
          active: true,
          updatedAt: now,
        },
      });
  });
}

async function activeBanks(ctx: AppContext): Promise<BankRow[]> {
  return ctx.db
    .select()
    .from(banks)
    .where(and(eq(banks.provider, ctx.payouts.name), eq(banks.active, true)))
    .orderBy(asc(banks.name));
}

/** `GET /finance/get_banks`: from our table, refreshed from the provider when a day old. */
export async function listBanks(ctx: AppContext): Promise<Bank[]> {
  let rows = await activeBanks(ctx);
  const newest = Math.max(0, ...rows.map((row) => row.updatedAt.getTime()));
  if (rows.length === 0 || ctx.clock.now().getTime() - newest > REFRESH_AFTER_MS) {
    try {
      await refreshBanks(ctx);
      rows = await activeBanks(ctx);
    } catch (err) {
      // A stale list still works; only an empty one is a failure: the provider's outage (503,
      // with when to try again), not ours.
      if (rows.length === 0 && err instanceof ProviderUnavailableError) {
        throw new AppError(
          'UNAVAILABLE',
          'We could not load the list of banks just now. Please try again in a minute.',
          { cause: err, retryAfterSeconds: err.retryAfterSeconds },
        );
      }
      if (rows.length === 0) throw err;
      ctx.log.warn({ err }, 'bank list refresh failed; serving the stored list');
    }
  }
  return rows.map((row) => ({ id: row.id, name: row.name, code: row.code }));
}

/** Run by every withdrawal to a new account and every account check: prepared (decision 047). */
const bankLookup = preparedOnce((db) =>
  db
    .select()
    .from(banks)
    .where(
      and(
        eq(banks.id, sql.placeholder('id')),
        eq(banks.provider, sql.placeholder('provider')),
        eq(banks.active, true),
      ),
    )
    .prepare('find_active_bank'),
);

/** The bank a client named by our id and its code; both must agree (spec: bank_id + account_bank). */
export async function findBank(ctx: AppContext, bankId: number, code: string): Promise<BankRow> {
  if (!Number.isSafeInteger(bankId))
    throw new AppError('BAD_REQUEST', BANK_NOT_FOUND, { field: 'bank_id' });
  const [row] = await bankLookup(ctx.db).execute({ id: bankId, provider: ctx.payouts.name });
  if (!row || row.code !== code) {
    throw new AppError('BAD_REQUEST', BANK_NOT_FOUND, { field: 'bank_id' });
  }
  return row;
}
