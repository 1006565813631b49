import { formatLimit } from '@karta/shared/kyc-tiers';
import { verificationHref } from '@karta/shared/web-paths';
import { eq, inArray } from 'drizzle-orm';
import { QUEUES } from '../../adapters/jobs/jobs';
import type { AppContext } from '../../app-context';
import { kycTierNotices } from '../../db/schema/kyc-tier-notices';
import { users } from '../../db/schema/users';
import { buildNoticeMail } from '../mail/mail-layout';

/** Sellers mailed per transaction: a short one, so a crash re-sends at most this many. */
const BATCH = 20;

/**
 * The mail that tells a seller the tiers moved them to tier 1 (decision 063): why their limit
 * is lower, and how to raise it.
 */
function tierOneMail(
  ctx: AppContext,
  seller: { email: string; firstName: string },
): ReturnType<typeof buildNoticeMail> {
  const { kycTiers, withdrawals } = ctx.config;
  return buildNoticeMail({
    to: seller.email,
    firstName: seller.firstName,
    subject: `Your withdrawal limit is now ${formatLimit(kycTiers[1].dailyKobo)} a day`,
    paragraphs: [
      'Karta now verifies sellers in tiers, as the Central Bank of Nigeria’s KYC rules expect of an account that holds naira: how much you can withdraw depends on how well we know you.',
      `Your BVN is verified, so your account is at tier 1: you can withdraw up to ${formatLimit(kycTiers[1].dailyKobo)} a day and ${formatLimit(kycTiers[1].singleKobo)} at a time. Until now a verified BVN allowed ${formatLimit(withdrawals.dailyLimitKobo)} a day.`,
      `Verify your NIN in Settings › Verification to reach tier 2: ${formatLimit(kycTiers[2].dailyKobo)} a day and ${formatLimit(kycTiers[2].singleKobo)} at a time. It takes a minute. Your balance and your trades are not affected.`,
    ],
    link: { label: 'Verify your NIN', url: ctx.config.publicUrl + verificationHref() },
    supportEmail: ctx.config.supportEmail,
  });
}

/**
 * Mails every seller migration 0034 moved to tier 1, once. Each batch takes its rows with
 * SKIP LOCKED (two workers share them out), sends, and deletes them in the same transaction:
 * a failed send rolls its batch back for the job's retry, and a mailed row is gone for good.
 * Answers how many were mailed.
 */
export async function sendKycTierNotices(ctx: AppContext): Promise<number> {
  let mailed = 0;
  for (;;) {
    const sent = await ctx.db.transaction(async (tx) => {
      const owed = await tx
        .select({ userId: kycTierNotices.userId, email: users.email, firstName: users.firstName })
        .from(kycTierNotices)
        .innerJoin(users, eq(users.id, kycTierNotices.userId))
        .orderBy(kycTierNotices.createdAt, kycTierNotices.userId)
        .limit(BATCH)
        .for('update', { of: kycTierNotices, skipLocked: true });
      for (const seller of owed) await ctx.mailer.send(tierOneMail(ctx, seller));
      if (owed.length > 0) {
        await tx.delete(kycTierNotices).where(
          inArray(
            kycTierNotices.userId,
            owed.map((seller) => seller.userId),
          ),
        );
      }
      return owed.length;
    });
    mailed += sent;
    if (sent < BATCH) return mailed;
  }
}

/**
 * The worker's part: a job queued at every start (one at a time, by its singleton key) that
 * mails whatever is owed. After the first run there is nothing left, and each later start's job
 * finds an empty table.
 */
export async function startKycTierNoticeWorker(ctx: AppContext) {
  await ctx.jobs.work(QUEUES.kycTierNotices, async () => {
    const mailed = await sendKycTierNotices(ctx);
    if (mailed > 0) ctx.log.info({ mailed }, 'KYC tier notices mailed');
  });
  await ctx.jobs.send(QUEUES.kycTierNotices, {}, { singletonKey: QUEUES.kycTierNotices });
}
