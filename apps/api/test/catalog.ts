import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { giftCards, giftCardSubcategories, rateChanges } from '../src/db/schema/catalog';
import { users } from '../src/db/schema/users';
import { signedInUser, type Session } from './accounts';

let counter = 0;

/** A card written straight to the database; names are unique per call unless given. */
export async function insertCard(
  db: Database,
  values: Partial<typeof giftCards.$inferInsert> = {},
) {
  counter += 1;
  const name = values.name ?? `Card ${String(counter)}`;
  const [row] = await db
    .insert(giftCards)
    .values({ brandColour: '#ff9900', ...values, name, slug: `${name}-${String(counter)}` })
    .returning();
  if (!row) throw new Error('no card');
  return row;
}

export async function insertSubcategory(
  db: Database,
  giftCardId: string,
  values: Partial<typeof giftCardSubcategories.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await db
    .insert(giftCardSubcategories)
    .values({
      giftCardId,
      name: `Sub ${String(counter)}`,
      currency: 'USD',
      rateKobo: 118000n,
      minAmount: 10,
      maxAmount: 500,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no subcategory');
  await db
    .insert(rateChanges)
    .values({ subcategoryId: row.id, rateKobo: row.rateKobo, changedAt: row.createdAt });
  return row;
}

/** A signed-in user promoted to operator (or admin) behind the API's back. */
export async function signedInOperator(
  app: FastifyInstance,
  db: Database,
  role: 'operator' | 'admin' = 'operator',
  overrides: Record<string, unknown> = {},
): Promise<Session> {
  const session = await signedInUser(app, overrides);
  await db.update(users).set({ role }).where(eq(users.id, session.user.id));
  return session;
}
