import { eq, sql, type SQL } from 'drizzle-orm';
import { TRADE_UNDECIDED_STATUSES } from '@karta/shared/constants';
import type { Executor } from '../../db/client';
import { giftCards, giftCardSubcategories } from '../../db/schema/catalog';
import { trades } from '../../db/schema/trades';

/**
 * Written as the partial indexes' predicate is (db/schema/trades.ts), so the planner matches
 * them: the count reads only the few undecided trades, however many were ever decided.
 */
const UNDECIDED = sql`${trades.status} in (${sql.raw(
  TRADE_UNDECIDED_STATUSES.map((each) => `'${each}'`).join(', '),
)})`;

const undecidedWhere = (matches: SQL) =>
  sql<number>`(select count(*)::int from ${trades} where ${matches} and ${UNDECIDED})`;

/** The undecided trades of a card, or undefined when there is no such card. One statement. */
export async function countUndecidedTradesOfCard(
  tx: Executor,
  cardId: string,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ value: undecidedWhere(sql`${trades.giftCardId} = ${giftCards.id}`) })
    .from(giftCards)
    .where(eq(giftCards.id, cardId));
  return row?.value;
}

/** The same for one subcategory. */
export async function countUndecidedTradesOfSubcategory(
  tx: Executor,
  subcategoryId: string,
): Promise<number | undefined> {
  const [row] = await tx
    .select({
      value: undecidedWhere(sql`${trades.subcategoryId} = ${giftCardSubcategories.id}`),
    })
    .from(giftCardSubcategories)
    .where(eq(giftCardSubcategories.id, subcategoryId));
  return row?.value;
}
