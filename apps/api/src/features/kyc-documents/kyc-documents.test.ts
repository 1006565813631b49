import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '@karta/shared/schemas/common';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Notice } from '@karta/shared/schemas/notices';
import type { KycQueueItem, KycReview, KycSubmission } from '@karta/shared/schemas/kyc-documents';
import { auditLog } from '../../db/schema/audit-log';
import { kycSubmissions } from '../../db/schema/kyc-submissions';
import { users } from '../../db/schema/users';
import {
  bodyOf,
  mailsTo,
  post,
  signedInUser,
  type Paged,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { verifyNin } from '../../../test/withdrawals';
import {
  allDocumentParts as allParts,
  LICENCE_FIELDS,
  sendKycDocuments,
  type DocumentPart,
} from '../../../test/kyc-documents';
import { cardPhoto } from '../../../test/trades';

let t: TestApp;
let operator: Session;
let otherOperator: Session;
let bvnCounter = 0;

const errorOf = (answer: LightMyRequestResponse) => answer.json<ErrorEnvelope>();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A seller at tier 2 (the BVN and the NIN verified), through the sandbox: documents come next. */
async function verifiedSeller(options: { tier?: 1 | 2 } = {}): Promise<Session> {
  const seller = await signedInUser(t.app);
  bvnCounter += 1;
  const bvn = `2${String(Date.now()).slice(-6)}${String(bvnCounter).padStart(4, '0')}`;
  const answer = await post(
    t.app,
    `/user/verify_kyc/${seller.user.id}`,
    { bvn },
    {
      authorization: seller.token,
    },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  if ((options.tier ?? 2) === 2) {
    const nin = await verifyNin(t.app, seller);
    expect(nin.statusCode, nin.body).toBe(200);
  }
  return seller;
}

const submit = (
  seller: Session,
  fields: Record<string, string>,
  parts: DocumentPart[],
  userId = seller.user.id,
) => sendKycDocuments(t.app, seller, { fields, parts, userId });

const latest = (seller: Session) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/kyc_documents/${seller.user.id}`,
    headers: { authorization: seller.token },
  });

const staff = (
  session: Session,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `/api/v1/admin/kyc${url}`,
    headers: { authorization: session.token },
    ...(payload === undefined ? {} : { payload }),
  });

async function submitted(seller: Session): Promise<string> {
  const answer = await submit(seller, LICENCE_FIELDS, await allParts());
  expect(answer.statusCode, answer.body).toBe(201);
  return bodyOf<{ id: string }>(answer).data.id;
}

const rowsOf = (userId: string) =>
  t.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId));

describe('POST /user/kyc_documents: the seller sends tier 3’s documents', () => {
  it('stores re-encoded photos and answers pending_review', async () => {
    const seller = await verifiedSeller();
    const answer = await submit(seller, LICENCE_FIELDS, await allParts());
    expect(answer.statusCode, answer.body).toBe(201);
    const data = bodyOf<{ id: string; status: string; submitted_at: string }>(answer).data;
    expect(data.status).toBe('pending_review');
    const [row] = await rowsOf(seller.user.id);
    expect(row?.idBackKey).toMatch(/\.webp$/);

    const mine = bodyOf<KycSubmission>(await latest(seller)).data;
    expect(mine.status).toBe('pending_review');
    expect(mine.id_number_last4).toBe('5-AB');
    // The owner's link opens a WebP with no EXIF left (the test photo carried some).
    const photo = await t.app.inject({ method: 'GET', url: mine.images.selfie });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await sharp(photo.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuses a seller below tier 2 (no BVN, or no NIN yet), and changes nothing', async () => {
    for (const seller of [await signedInUser(t.app), await verifiedSeller({ tier: 1 })]) {
      const answer = await submit(seller, LICENCE_FIELDS, await allParts());
      expect(answer.statusCode).toBe(400);
      expect(errorOf(answer).code).toBe('WRONG_STATUS');
      expect(errorOf(answer).message).toMatch(/NIN first \(tier 2\)/);
      expect(await rowsOf(seller.user.id)).toHaveLength(0);
    }
  });

  it('refuses a licence without its back, naming the field', async () => {
    const seller = await verifiedSeller();
    const parts = (await allParts()).filter((part) => part.field !== 'id_back');
    const answer = await submit(seller, LICENCE_FIELDS, parts);
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer).errors[0]).toEqual({
      field: 'id_back',
      message: 'Add a photo of the back of the ID.',
    });
    expect(await rowsOf(seller.user.id)).toHaveLength(0);
  });

  it('refuses a passport with a back, and takes one without', async () => {
    const seller = await verifiedSeller();
    const passport = {
      ...LICENCE_FIELDS,
      id_type: 'international_passport',
      id_number: 'A01234567',
    };
    const refused = await submit(seller, passport, await allParts());
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors[0]?.field).toBe('id_back');
    const parts = (await allParts()).filter((part) => part.field !== 'id_back');
    const taken = await submit(seller, passport, parts);
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('refuses an ID type it does not know', async () => {
    const seller = await verifiedSeller();
    const answer = await submit(
      seller,
      { ...LICENCE_FIELDS, id_type: 'library_card' },
      await allParts(),
    );
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer).errors[0]?.field).toBe('id_type');
  });

  it('refuses a file that is not an image, naming its field', async () => {
    const seller = await verifiedSeller();
    const parts = (await allParts()).map((part) =>
      part.field === 'proof_of_address'
        ? {
            field: part.field,
            file: {
              name: 'bill.pdf',
              type: 'application/pdf',
              bytes: Buffer.from('%PDF-1.4\n%…\n'),
            },
          }
        : part,
    );
    const answer = await submit(seller, LICENCE_FIELDS, parts);
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer).errors[0]).toMatchObject({ field: 'proof_of_address' });
    expect(await rowsOf(seller.user.id)).toHaveLength(0);
  });

  it('refuses a photo over 5 MB with 413, naming its field', async () => {
    const seller = await verifiedSeller();
    const big = {
      name: 'selfie.jpg',
      type: 'image/jpeg',
      bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    };
    const parts = (await allParts()).map((part) =>
      part.field === 'selfie' ? { field: 'selfie', file: big } : part,
    );
    const answer = await submit(seller, LICENCE_FIELDS, parts);
    expect(answer.statusCode).toBe(413);
    expect(errorOf(answer).errors[0]).toMatchObject({ field: 'selfie' });
    expect(await rowsOf(seller.user.id)).toHaveLength(0);
  });

  it('refuses a file in a field the form does not have', async () => {
    const seller = await verifiedSeller();
    const parts = [...(await allParts()), { field: 'extra', file: await cardPhoto() }];
    const answer = await submit(seller, LICENCE_FIELDS, parts);
    expect(answer.statusCode).toBe(400);
  });

  it('is the owner’s only: another user’s id is 403, and their GET too', async () => {
    const seller = await verifiedSeller();
    const stranger = await verifiedSeller();
    const answer = await submit(stranger, LICENCE_FIELDS, await allParts(), seller.user.id);
    expect(answer.statusCode).toBe(403);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/kyc_documents/${seller.user.id}`,
      headers: { authorization: stranger.token },
    });
    expect(peek.statusCode).toBe(403);
    expect(await rowsOf(seller.user.id)).toHaveLength(0);
  });

  it('takes one submission at a time: a second while one waits is 409', async () => {
    const seller = await verifiedSeller();
    await submitted(seller);
    const again = await submit(seller, LICENCE_FIELDS, await allParts());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_EXISTS');
    expect(await rowsOf(seller.user.id)).toHaveLength(1);
  });

  it('settles two sends at once with one submission and one 409', async () => {
    const seller = await verifiedSeller();
    const [first, second] = await Promise.all([
      submit(seller, LICENCE_FIELDS, await allParts()),
      submit(seller, LICENCE_FIELDS, await allParts()),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect(await rowsOf(seller.user.id)).toHaveLength(1);
  });

  it('answers null before the first submission', async () => {
    const seller = await verifiedSeller();
    const answer = await latest(seller);
    expect(answer.statusCode).toBe(200);
    expect(bodyOf(answer).data).toBeNull();
  });
});

describe('image links', () => {
  it('refuses an altered or expired link as not found', async () => {
    const seller = await verifiedSeller();
    await submitted(seller);
    const { images } = bodyOf<KycSubmission>(await latest(seller)).data;
    const altered = images.id_front.replace('_id_front', '_selfie');
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(404);
    t.clock.advance(11 * 60);
    expect((await t.app.inject({ method: 'GET', url: images.id_front })).statusCode).toBe(404);
  });
});

describe('the KYC desk', () => {
  // Fresh sessions each test: the tests move the clock past an access token's 15 minutes.
  beforeEach(async () => {
    operator = await signedInOperator(t.app, t.db, 'operator');
    otherOperator = await signedInOperator(t.app, t.db, 'operator');
  });

  it('refuses a seller', async () => {
    const seller = await verifiedSeller();
    expect((await staff(seller, 'GET', '?status=pending')).statusCode).toBe(403);
  });

  it('lists pending submissions oldest first, with waiting time and the seller', async () => {
    const first = await verifiedSeller();
    const firstId = await submitted(first);
    t.clock.advance(5 * 60);
    const second = await verifiedSeller();
    const secondId = await submitted(second);
    t.clock.advance(60);
    const answer = await staff(operator, 'GET', '?status=pending&size=50');
    expect(answer.statusCode, answer.body).toBe(200);
    const items = bodyOf<Paged<KycQueueItem>>(answer).data.data;
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(firstId)).toBeLessThan(ids.indexOf(secondId));
    const firstItem = items.find((item) => item.id === firstId);
    expect(firstItem?.waiting_minutes).toBeGreaterThanOrEqual(6);
    expect(firstItem?.seller).toMatchObject({ email: first.email, kyc_verified: true });
  });

  it('claims: a second operator is refused while the claim lasts', async () => {
    const seller = await verifiedSeller();
    const id = await submitted(seller);
    const claimed = await staff(operator, 'POST', `/${id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(bodyOf<KycReview>(claimed).data.claim?.by_user_id).toBe(operator.user.id);
    const blocked = await staff(otherOperator, 'POST', `/${id}/approve`);
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).code).toBe('CLAIMED');
    const [row] = await rowsOf(seller.user.id);
    expect(row?.status).toBe('pending_review');
  });

  it('shows the submission with image links and the BVN check’s answer', async () => {
    const seller = await verifiedSeller();
    const id = await submitted(seller);
    const answer = await staff(operator, 'GET', `/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const review = bodyOf<KycReview>(answer).data;
    expect(review.id_number).toBe(LICENCE_FIELDS.id_number);
    expect(review.bvn.last4).toMatch(/^\d{4}$/);
    const photo = await t.app.inject({ method: 'GET', url: review.images.id_back ?? '' });
    expect(photo.statusCode).toBe(200);
  });

  it('approves: the submission is approved, audited, and the seller told by notice and mail', async () => {
    const seller = await verifiedSeller();
    const id = await submitted(seller);
    const answer = await staff(operator, 'POST', `/${id}/approve`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(bodyOf<KycReview>(answer).data.status).toBe('approved');
    expect(bodyOf<KycSubmission>(await latest(seller)).data.status).toBe('approved');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'kyc.approve')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBe(operator.user.id);
    const notices = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/notices/${seller.user.id}`,
      headers: { authorization: seller.token },
    });
    expect(notices.json<{ data: { data: Notice[] } }>().data.data[0]).toMatchObject({
      kind: 'kyc_approved',
      body: 'You are now tier 3: ₦5,000,000 a day.',
    });
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.some((mail) => mail.text.includes('You are now tier 3: ₦5,000,000 a day.'))).toBe(
      true,
    );
    // Decided once: a second decision is 409.
    const again = await staff(otherOperator, 'POST', `/${id}/reject`, { reason: 'blurry' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_DECIDED');
  });

  it('rejects with a reason from the list; the seller sees it and may send again', async () => {
    const seller = await verifiedSeller();
    const id = await submitted(seller);
    const unknown = await staff(operator, 'POST', `/${id}/reject`, { reason: 'ugly' });
    expect(unknown.statusCode).toBe(400);
    const bare = await staff(operator, 'POST', `/${id}/reject`, { reason: 'other' });
    expect(bare.statusCode).toBe(400);
    expect(errorOf(bare).errors[0]?.field).toBe('note');

    const answer = await staff(operator, 'POST', `/${id}/reject`, {
      reason: 'blurry',
      note: 'The licence number cannot be read.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const mine = bodyOf<KycSubmission>(await latest(seller)).data;
    expect(mine.status).toBe('rejected');
    expect(mine.rejection).toEqual({
      reason: 'blurry',
      reason_words: 'A photo was too blurry to read.',
      note: 'The licence number cannot be read.',
    });
    const mails = await mailsTo(t.app, seller.email);
    const mail = mails.find((each) => each.subject === 'Your documents need another look');
    expect(mail?.text).toContain('The licence number cannot be read.');
    expect(mail?.text).toContain('/dashboard/settings/verification/documents');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'kyc.reject')));
    expect(audit).toHaveLength(1);

    // Send again: a new submission, waiting for review; the rejected one is kept.
    t.clock.advance(60);
    const resent = await submit(seller, LICENCE_FIELDS, await allParts());
    expect(resent.statusCode, resent.body).toBe(201);
    expect(bodyOf<KycSubmission>(await latest(seller)).data).toMatchObject({
      status: 'pending_review',
      rejection: null,
    });
    expect((await rowsOf(seller.user.id)).map((row) => row.status).sort()).toEqual([
      'pending_review',
      'rejected',
    ]);

    // The seller's data export holds both, with the decision and no photo links.
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/data_export/${seller.user.id}`,
      headers: { authorization: seller.token },
    });
    expect(exported.statusCode).toBe(200);
    const file = exported.json<DataExport>();
    expect(file.kyc_documents.map((each) => each.status)).toEqual(['rejected', 'pending_review']);
    expect(file.kyc_documents[0]).toMatchObject({ rejection_reason: 'blurry' });
    expect(exported.body).not.toContain('kyc_document_images');
  });

  it('does not let an operator review their own documents', async () => {
    const staffSeller = await verifiedSeller();
    const id = await submitted(staffSeller);
    // The submitter made staff afterwards: still not theirs to decide.
    await t.db.update(users).set({ role: 'operator' }).where(eq(users.id, staffSeller.user.id));
    const own = await staff(staffSeller, 'POST', `/${id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe('You cannot review your own documents.');
  });

  it('answers 404 for an unknown id', async () => {
    const answer = await staff(operator, 'GET', '/00000000-0000-4000-8000-000000000000');
    expect(answer.statusCode).toBe(404);
  });
});
