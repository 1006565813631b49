import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from './app-context';
import { giftCards, giftCardSubcategories } from './db/schema/catalog';
import { trades } from './db/schema/trades';
import { ensureDemoAccount } from './features/accounts/demo-accounts.service';
import * as users from './lib/users';
import { approveTrade, rejectTrade } from './features/trades/trade-review.service';
import { createTrade } from './features/trades/trades.service';
import { loadSharp } from './lib/image-libraries';
import { DEMO_USER } from './seed';

/** The demo operator the README names: reviews trades through the API. Development only. */
export const DEMO_OPERATOR = { email: 'operator@karta.example', password: DEMO_USER.password };

/** A made-up card photo: a rounded card in the brand's colour with a fake code on it. */
async function drawCardPhoto(name: string, colour: string, code: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
  <rect width="800" height="500" fill="#E2E8F0"/>
  <rect x="60" y="50" width="680" height="400" rx="28" fill="${colour}"/>
  <text x="100" y="150" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff">${name}</text>
  <rect x="100" y="300" width="600" height="90" rx="12" fill="#fff"/>
  <text x="130" y="362" font-family="monospace" font-size="44" fill="#0F172A">${code}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function ensureDemoOperator(ctx: AppContext) {
  const { user } = await ensureDemoAccount(ctx, {
    firstName: 'Ife',
    lastName: 'Operator',
    email: DEMO_OPERATOR.email,
    password: DEMO_OPERATOR.password,
    role: 'operator',
    referralCode: 'DEMOOPS',
  });
  return user;
}

/** The first subcategories of the catalog's first cards. */
async function firstSubcategories(ctx: AppContext, count: number) {
  return ctx.db
    .select({
      id: giftCardSubcategories.id,
      min: giftCardSubcategories.minAmount,
      max: giftCardSubcategories.maxAmount,
      card: giftCards,
    })
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(and(eq(giftCards.active, true), eq(giftCardSubcategories.active, true)))
    .orderBy(asc(giftCards.sortOrder), asc(giftCardSubcategories.sortOrder))
    .limit(count);
}

/**
 * Gives the demo account a history to look at: one approved trade (so the wallet has money),
 * one rejected and one waiting for review. Goes through the real services, so the ledger,
 * the photos and the mails are what a real trade makes. Runs once: skipped when Ada has trades.
 */
export async function seedDemoTrades(ctx: AppContext): Promise<void> {
  const demo = await users.findUserByEmail(ctx.db, DEMO_USER.email);
  if (!demo) return;
  const [existing] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(trades)
    .where(eq(trades.userId, demo.id));
  if ((existing?.n ?? 0) > 0) return;
  const operator = await ensureDemoOperator(ctx);
  const actor = { userId: operator.id, ip: '127.0.0.1' };

  const made = [];
  for (const [index, sub] of (await firstSubcategories(ctx, 3)).entries()) {
    const photo = await drawCardPhoto(
      sub.card.name,
      sub.card.brandColour,
      `DEMO-${String(index + 1).repeat(4)}-CODE`,
    );
    made.push(
      await createTrade(ctx, {
        userId: demo.id,
        device: 'web',
        upload: {
          fields: {
            subcategory_id: sub.id,
            amount: String(Math.min(Math.max(sub.min, 100), sub.max)),
            comment: '',
          },
          photos: [photo],
        },
      }),
    );
  }
  const [approved, rejected] = made;
  if (approved)
    await approveTrade(ctx, { actor, tradeId: approved.id, input: { note: 'Card verified' } });
  if (rejected) {
    await rejectTrade(ctx, {
      actor,
      tradeId: rejected.id,
      input: {
        reason: 'unclear_image',
        note: 'The code is hidden by glare; please retake the photo.',
      },
    });
  }
  ctx.log.info({ trades: made.length }, 'demo trades created');
}
