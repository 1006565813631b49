import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { giftCards, giftCardSubcategories } from '../../db/schema/catalog';
import { rateAlerts } from '../../db/schema/rate-alerts';

/**
 * The catalog's tables are read here straight from the schema, not through the catalog's
 * services: the catalog calls this feature when a rate changes, so this one may not call back
 * (the feature walls forbid the cycle).
 */

type RateAlertRow = typeof rateAlerts.$inferSelect;

const alertColumns = {
  alert: rateAlerts,
  cardName: giftCards.name,
  subcategoryName: giftCardSubcategories.name,
  currency: giftCardSubcategories.currency,
  rateKobo: giftCardSubcategories.rateKobo,
  isOnSale: sql<boolean>`(${giftCardSubcategories.active} and ${giftCards.active})`,
};
export type RateAlertListRow = {
  alert: RateAlertRow;
  cardName: string;
  subcategoryName: string;
  currency: string;
  rateKobo: bigint;
  isOnSale: boolean;
};

/** A subcategory as an alert needs it: its rate, and whether it (and its card) is on sale. */
export async function findSubcategory(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      id: giftCardSubcategories.id,
      rateKobo: giftCardSubcategories.rateKobo,
      isOnSale: alertColumns.isOnSale,
    })
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(eq(giftCardSubcategories.id, id));
  return row;
}

/**
 * Makes the seller's alert saves take turns (until the transaction ends), so two at once
 * cannot both pass the limit. A lock of its own, not the user row's: nothing else waits on it.
 */
export async function lockAlertsOf(tx: Executor, userId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`rate_alerts:${userId}`}, 0))`,
  );
}

export async function countAlertsOf(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(rateAlerts)
    .where(eq(rateAlerts.userId, userId));
  return row?.value ?? 0;
}

export async function findAlertFor(
  tx: Executor,
  options: { userId: string; subcategoryId: string },
) {
  const [row] = await tx
    .select()
    .from(rateAlerts)
    .where(
      and(
        eq(rateAlerts.userId, options.userId),
        eq(rateAlerts.subcategoryId, options.subcategoryId),
      ),
    );
  return row;
}

export async function insertAlert(tx: Executor, values: typeof rateAlerts.$inferInsert) {
  const [row] = await tx.insert(rateAlerts).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A new target is a new question: the alert may fire for it today even if it fired before. */
export async function retargetAlert(
  tx: Executor,
  options: { id: string; targetKobo: bigint; at: Date },
) {
  const [row] = await tx
    .update(rateAlerts)
    .set({
      targetKobo: options.targetKobo,
      updatedAt: options.at,
      lastFiredAt: null,
      lastFiredRateKobo: null,
    })
    .where(eq(rateAlerts.id, options.id))
    .returning();
  if (!row) throw new Error('update matched no row');
  return row;
}

const fromAlerts = (tx: Executor) =>
  tx
    .select(alertColumns)
    .from(rateAlerts)
    .innerJoin(giftCardSubcategories, eq(giftCardSubcategories.id, rateAlerts.subcategoryId))
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId));

export async function findAlertView(tx: Executor, id: string): Promise<RateAlertListRow> {
  const [row] = await fromAlerts(tx).where(eq(rateAlerts.id, id));
  if (!row) throw new Error('alert not found');
  return row;
}

/** The seller's alerts, oldest first (the order they were set), with the catalog's names. */
export async function listAlertsOf(
  tx: Executor,
  options: { userId: string; limit: number; offset: number },
) {
  const mine = eq(rateAlerts.userId, options.userId);
  const [rows, total] = await Promise.all([
    fromAlerts(tx)
      .where(mine)
      .orderBy(asc(rateAlerts.createdAt), asc(rateAlerts.id))
      .limit(options.limit)
      .offset(options.offset),
    countAlertsOf(tx, options.userId),
  ]);
  return { rows, total };
}

/** Every alert of the user, oldest first, in one statement (the data export's read). */
export async function listAllAlertsOf(tx: Executor, userId: string): Promise<RateAlertListRow[]> {
  return fromAlerts(tx)
    .where(eq(rateAlerts.userId, userId))
    .orderBy(asc(rateAlerts.createdAt), asc(rateAlerts.id));
}

/** Deletes the alert when it is the user's own; false when it is not theirs or gone. */
export async function deleteAlert(tx: Executor, options: { userId: string; id: string }) {
  const rows = await tx
    .delete(rateAlerts)
    .where(and(eq(rateAlerts.id, options.id), eq(rateAlerts.userId, options.userId)))
    .returning({ id: rateAlerts.id });
  return rows.length > 0;
}

/** One alert that a rate change fired, with what its notice and mail say. */
export type FiredAlertRow = {
  alert_id: string;
  user_id: string;
  email: string;
  first_name: string;
  card_name: string;
  subcategory_name: string;
  currency: string;
  /** Kobo, as PostgreSQL sends int8: text. */
  target_kobo: string;
  from_kobo: string;
  to_kobo: string;
};

const arrayOf = (values: string[], type: 'uuid' | 'int8') =>
  sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;

/**
 * One statement for any number of changed subcategories: the alerts whose target the new rate
 * reaches and the old one did not, on sale, of active sellers, that have not fired since
 * `notBefore` (the start of the Lagos day), marked fired at `at` and returned. Each change finds
 * its alerts by a range scan of (subcategory_id, target_kobo). Two publishes at once cannot
 * fire an alert twice: the second waits for the first's row lock, then sees it fired.
 */
export async function fireCrossedAlerts(
  tx: Executor,
  options: {
    changes: { subcategoryId: string; fromKobo: bigint; toKobo: bigint }[];
    at: Date;
    notBefore: Date;
  },
): Promise<FiredAlertRow[]> {
  const { changes } = options;
  if (changes.length === 0) return [];
  const ids = arrayOf(
    changes.map((change) => change.subcategoryId),
    'uuid',
  );
  const from = arrayOf(
    changes.map((change) => String(change.fromKobo)),
    'int8',
  );
  const to = arrayOf(
    changes.map((change) => String(change.toKobo)),
    'int8',
  );
  const at = options.at.toISOString();
  const notBefore = options.notBefore.toISOString();
  const fired = await tx.execute<FiredAlertRow>(sql`
    with changed as (
      select * from unnest(${ids}, ${from}, ${to}) as c(subcategory_id, from_kobo, to_kobo)
       where c.to_kobo > c.from_kobo
    )
    update rate_alerts a
       set last_fired_at = ${at}, last_fired_rate_kobo = c.to_kobo
      from changed c, gift_card_subcategories s, gift_cards g, users u
     where a.subcategory_id = c.subcategory_id
       and a.target_kobo > c.from_kobo
       and a.target_kobo <= c.to_kobo
       and (a.last_fired_at is null or a.last_fired_at < ${notBefore})
       and s.id = c.subcategory_id and s.active
       and g.id = s.gift_card_id and g.active
       and u.id = a.user_id and u.status = 'active'
    returning a.id as alert_id, a.user_id, u.email, u.first_name, g.name as card_name,
              s.name as subcategory_name, s.currency, a.target_kobo::text,
              c.from_kobo::text, c.to_kobo::text`);
  return fired.rows;
}
