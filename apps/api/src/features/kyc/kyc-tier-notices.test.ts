import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycTierNotices } from '../../db/schema/kyc-tier-notices';
import { mailsTo, post, signedInUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { sendKycTierNotices, startKycTierNoticeWorker } from './kyc-tier-notices';

/**
 * The mail migration 0034 owes each seller it moved to tier 1 (decision 063): the job the
 * worker queues at start mails each once, whatever runs it again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the tier-1 mail after the upgrade', () => {
  it('tells each owed seller why the limit is lower and how to raise it, once', async () => {
    const sellers = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
    const notOwed = await signedInUser(t.app);
    for (const seller of [...sellers, notOwed]) {
      const bvn = `2${seller.user.id.replace(/\D/g, '').padEnd(10, '7').slice(0, 10)}`;
      const verified = await post(
        t.app,
        `/user/verify_kyc/${seller.user.id}`,
        { bvn },
        {
          authorization: seller.token,
        },
      );
      expect(verified.statusCode, verified.body).toBe(200);
    }
    // What the migration leaves for the sellers it moved.
    await t.db.insert(kycTierNotices).values(sellers.map((seller) => ({ userId: seller.user.id })));

    expect(await sendKycTierNotices(t.app.ctx)).toBe(2);
    expect(await sendKycTierNotices(t.app.ctx)).toBe(0);

    for (const seller of sellers) {
      const mails = (await mailsTo(t.app, seller.email)).filter((mail) =>
        mail.subject.startsWith('Your withdrawal limit'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Your withdrawal limit is now ₦200,000 a day');
      expect(mails[0]?.text).toContain(
        'you can withdraw up to ₦200,000 a day and ₦200,000 at a time. Until now a verified BVN allowed ₦5,000,000 a day.',
      );
      expect(mails[0]?.text).toContain(
        'Verify your NIN in Settings › Verification to reach tier 2',
      );
      expect(mails[0]?.text).toContain('/dashboard/settings/verification');
    }
    expect(
      (await mailsTo(t.app, notOwed.email)).filter((mail) =>
        mail.subject.startsWith('Your withdrawal limit'),
      ),
    ).toHaveLength(0);
    expect(await t.db.select().from(kycTierNotices)).toHaveLength(0);
  });

  it('keeps the row when the mail cannot be sent, for the job’s retry', async () => {
    const seller = await signedInUser(t.app);
    await t.db.insert(kycTierNotices).values({ userId: seller.user.id });
    const failing = {
      ...t.app.ctx,
      mailer: { kind: 'smtp' as const, send: () => Promise.reject(new Error('SMTP is down')) },
    };
    await expect(sendKycTierNotices(failing)).rejects.toThrow('SMTP is down');
    expect(
      await t.db.select().from(kycTierNotices).where(eq(kycTierNotices.userId, seller.user.id)),
    ).toHaveLength(1);
    expect(await sendKycTierNotices(t.app.ctx)).toBe(1);
  });

  it('is sent by the job a worker queues when it starts', async () => {
    const seller = await signedInUser(t.app);
    await t.db.insert(kycTierNotices).values({ userId: seller.user.id });
    await startKycTierNoticeWorker(t.app.ctx);
    await expect
      .poll(
        async () =>
          (await mailsTo(t.app, seller.email)).filter((mail) =>
            mail.subject.startsWith('Your withdrawal limit'),
          ).length,
        { timeout: 15_000, interval: 250 },
      )
      .toBe(1);
    // The outbox holds the mail a moment before the batch's transaction deletes the row.
    await expect
      .poll(async () => (await t.db.select().from(kycTierNotices)).length, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(0);
  });
});
