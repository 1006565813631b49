import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RejectionProof } from '@karta/shared/schemas/rejection-proofs';
import type { AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { auditLog } from '../../db/schema/audit-log';
import { tradeRejectionProofs } from '../../db/schema/trade-rejection-proofs';
import { bodyOf, mailsTo, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  multipart,
  reject,
  streamedMultipart,
  submitTrade,
  tradableSubcategory,
} from '../../../test/trades';

let t: TestApp;
let operator: Session;
let seller: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db, 'operator');
  seller = await signedInUser(t.app);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterAll(() => t.close());

/** A screenshot of a balance check: a PNG, as a phone's screenshot is. */
const screenshot = () =>
  sharp({ create: { width: 390, height: 844, channels: 3, background: '#f1f5f4' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="390" height="200"><text x="20" y="100" font-size="28">Balance: $0.00</text></svg>',
        ),
        top: 300,
        left: 0,
      },
    ])
    .png()
    .toBuffer();

const upload = (session: Session, tradeId: string, bytes: Buffer, type = 'image/png') => {
  const body = multipart({}, [{ name: 'check.png', type, bytes }], 'image');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/rejection_proof`,
    payload: body.payload,
    headers: { ...body.headers, authorization: session.token },
  });
};

const sellerView = async (session: Session, tradeId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/trade/fetch_trade/${session.user.id}?trade_id=${tradeId}`,
    headers: { authorization: session.token },
  });

const proofRows = (tradeId: string) =>
  t.db.select().from(tradeRejectionProofs).where(eq(tradeRejectionProofs.tradeId, tradeId));

describe('a rejection with proof', () => {
  it('the seller reads the reason, the note and sees the proof, which only they and staff can open', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const uploaded = await upload(operator, trade.id, await screenshot());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const proof = bodyOf<RejectionProof>(uploaded).data;
    expect(proof).toMatchObject({ width: 390, height: 844 });

    const rejected = await reject(t.app, operator, trade.id, {
      reason: 'already_used',
      note: 'The balance check shows $0.00 left on the card.',
      proof_id: proof.id,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(bodyOf<AdminTrade>(rejected).data.rejection_proof).toMatchObject({ id: proof.id });

    const view = bodyOf<Trade>(await sellerView(seller, trade.id)).data;
    expect(view).toMatchObject({
      status: 'rejected',
      rejection_code: 'already_used',
      rejection_reason: 'The card has already been used.',
      review_note: 'The balance check shows $0.00 left on the card.',
      rejection_proof: { id: proof.id, width: 390, height: 844 },
    });
    const url = view.rejection_proof?.url ?? '';
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(390);

    // Another user is never handed a link, and a link cannot be made or widened.
    const stranger = await signedInUser(t.app);
    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/v1/trade/fetch_trade/${seller.user.id}?trade_id=${trade.id}`,
      headers: { authorization: stranger.token },
    });
    expect(asOwner.statusCode).toBe(403);
    expect((await sellerView(stranger, trade.id)).statusCode).toBe(404);
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const photoLink = view.images[0]?.url ?? '';
    const photoSignature = /signature=([^&]+)/.exec(photoLink)?.[1] ?? '';
    const photoExpires = /expires=(\d+)/.exec(photoLink)?.[1] ?? '';
    // A photo's signature does not open a proof (nor the other way round).
    const crossed = `/api/v1/trade/rejection_proofs/${view.images[0]?.id ?? ''}?expires=${photoExpires}&signature=${photoSignature}`;
    expect((await t.app.inject({ method: 'GET', url: crossed })).statusCode).toBe(404);

    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.text).toContain(
      'Note from our team: The balance check shows $0.00 left on the card.',
    );
    expect(mail?.text).toContain(
      'The image our team took when checking the card is on the trade page.',
    );

    const audit = await t.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'trade'), eq(auditLog.targetId, trade.id)));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['trade.rejection_proof_upload', 'trade.reject']),
    );
    expect(audit.find((entry) => entry.action === 'trade.reject')?.after).toMatchObject({
      proof_id: proof.id,
    });
  });

  it('a JSON rejection without proof still works, and shows no proof', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const rejected = await reject(t.app, operator, trade.id, { reason: 'invalid_code' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(bodyOf<Trade>(await sellerView(seller, trade.id)).data.rejection_proof).toBeNull();
  });
});

describe('what is refused, changing nothing', () => {
  it('a file that is not an image, and one too large', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const text = await upload(operator, trade.id, Buffer.from('not an image at all'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(bodyOf(text).message).toBe('Upload photos as JPEG, PNG, WebP or HEIC images.');
    const huge = await upload(operator, trade.id, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(await proofRows(trade.id)).toEqual([]);
  });

  it('an image over 5 MB, three times in a row, each sent in 64 KiB pieces', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const png = await screenshot();
    for (const over of [1, 1, 1, 8 * 1024 * 1024]) {
      const bytes = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length + over, 1)]);
      const body = streamedMultipart(
        {},
        [{ name: 'check.png', type: 'image/png', bytes }],
        'image',
      );
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/trades/${trade.id}/rejection_proof`,
        payload: body.payload(),
        headers: { ...body.headers, authorization: operator.token },
      });
      expect(response.statusCode, `5 MiB + ${String(over)} bytes: ${response.body}`).toBe(413);
      expect(bodyOf(response)).toMatchObject({
        message: 'Each photo can be at most 5 MB.',
        errors: [{ field: 'image' }],
      });
    }
    expect(await proofRows(trade.id)).toEqual([]);
  });

  it('a seller uploading, and a proof of another trade', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const other = await submitTrade(t.app, seller, subcategoryId);
    expect((await upload(seller, trade.id, await screenshot())).statusCode).toBe(403);

    const otherProof = bodyOf<RejectionProof>(
      await upload(operator, other.id, await screenshot()),
    ).data;
    const wrong = await reject(t.app, operator, trade.id, {
      reason: 'already_used',
      proof_id: otherProof.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(bodyOf(wrong).message).toBe(
      'We could not find that proof image for this trade. Upload it again.',
    );
    expect(bodyOf<Trade>(await sellerView(seller, trade.id)).data.status).toBe('pending');
    expect(
      (await reject(t.app, operator, trade.id, { reason: 'other', proof_id: 'nope' })).statusCode,
    ).toBe(400);
  });

  it('a decided trade takes no proof', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    await reject(t.app, operator, trade.id, { reason: 'invalid_code' });
    const late = await upload(operator, trade.id, await screenshot());
    expect(late.statusCode).toBe(409);
    expect(await proofRows(trade.id)).toEqual([]);
  });
});
