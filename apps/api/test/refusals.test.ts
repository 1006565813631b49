import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustedTrade, AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { staffGrants } from '../src/db/schema/staff-grants';
import { bodyOf, post, signedInUser, type Session } from './accounts';
import { signedInOperator } from './catalog';
import { createTestApp, type TestApp } from './create-test-app';
import {
  approve,
  cardPhoto,
  multipart,
  reject,
  reviewStep,
  submitTrade,
  tradableSubcategory,
} from './trades';

/**
 * Every refusal a route gives is in the OpenAPI document under its operation and status, with
 * the `code` it carries: the apps generated from the document switch on both. The
 * contract check every test app runs (test/response-contract.ts) fails a file on a status the
 * document leaves out, but a status declared without codes is the whole error envelope, whose
 * `code` may be any: so these tests read the document's own list of codes. Each drives a route
 * into a refusal its first `refuses` map left out (the maps came from one run of the suite).
 */

interface Operation {
  operationId?: string;
  responses: Record<
    string,
    { content?: Record<string, { schema?: { allOf?: { properties?: object }[] } }> }
  >;
}

let t: TestApp;
let operations: Operation[];
let ada: Session; // operator
let bayo: Session; // operator
let chika: Session; // admin
let seller: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  operations = Object.values(
    response.json<{ paths: Record<string, Record<string, Operation>> }>().paths,
  ).flatMap((item) => Object.values(item));
  ada = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ada' });
  bayo = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Bayo' });
  chika = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Chika' });
  seller = await signedInUser(t.app);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterAll(() => t.close());

/** The codes the document lists for a refusal, [] for none; undefined when the status is not there. */
function documentedCodes(operationId: string, status: number): string[] | undefined {
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId} in the document`);
  const response = operation.responses[String(status)];
  if (!response) return undefined;
  const schema = response.content?.['application/json']?.schema;
  const narrowed = schema?.allOf?.[1]?.properties as { code?: { enum?: string[] } } | undefined;
  return narrowed?.code?.enum ?? [];
}

/** The route refused with `status` (and `code`), and the document says it may. */
function expectDocumentedRefusal(
  response: LightMyRequestResponse,
  operationId: string,
  refusal: { status: number; code?: string },
) {
  expect(response.statusCode, response.body).toBe(refusal.status);
  expect(bodyOf(response).code).toBe(refusal.code);
  const listed = documentedCodes(operationId, refusal.status);
  expect(listed, `${operationId} does not document ${String(refusal.status)}`).toBeDefined();
  if (refusal.code) expect(listed).toContain(refusal.code);
}

const step = (who: Session, tradeId: string, action: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/${action}`,
    payload,
    headers: { authorization: who.token },
  });

const uploadProof = async (who: Session, tradeId: string) => {
  const body = multipart({}, [await cardPhoto(64, 40)], 'image');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/rejection_proof`,
    payload: body.payload,
    headers: { ...body.headers, authorization: who.token },
  });
};

/** A pending trade that Ada asked the seller about: it waits for their answer. */
async function askedTrade(): Promise<Trade> {
  const trade = await submitTrade(t.app, seller, subcategoryId);
  const asked = await reviewStep(t.app, ada, trade.id, 'request_info', {
    message: 'Please send the back of the card.',
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return trade;
}

describe('the trade review desk documents its refusals', () => {
  it('claimTrade: 409 WRONG_STATUS for a trade waiting for the seller’s answer', async () => {
    const trade = await askedTrade();
    expectDocumentedRefusal(await step(bayo, trade.id, 'claim'), 'claimTrade', {
      status: 409,
      code: 'WRONG_STATUS',
    });
  });

  it('rejectTrade: 409 WRONG_STATUS for a trade waiting for the seller’s answer', async () => {
    const trade = await askedTrade();
    expectDocumentedRefusal(
      await reject(t.app, bayo, trade.id, { reason: 'invalid_code' }),
      'rejectTrade',
      { status: 409, code: 'WRONG_STATUS' },
    );
  });

  it('requestTradeInfo: 409 ALREADY_DECIDED for a rejected trade', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const rejected = await reject(t.app, ada, trade.id, { reason: 'invalid_code' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expectDocumentedRefusal(
      await reviewStep(t.app, bayo, trade.id, 'request_info', { message: 'Which store?' }),
      'requestTradeInfo',
      { status: 409, code: 'ALREADY_DECIDED' },
    );
  });

  it('uploadRejectionProof: 404 for no such trade, 409 CLAIMED and WRONG_STATUS', async () => {
    expectDocumentedRefusal(await uploadProof(ada, randomUUID()), 'uploadRejectionProof', {
      status: 404,
    });
    const claimed = await submitTrade(t.app, seller, subcategoryId);
    expect((await step(ada, claimed.id, 'claim')).statusCode).toBe(200);
    expectDocumentedRefusal(await uploadProof(bayo, claimed.id), 'uploadRejectionProof', {
      status: 409,
      code: 'CLAIMED',
    });
    const asked = await askedTrade();
    expectDocumentedRefusal(await uploadProof(bayo, asked.id), 'uploadRejectionProof', {
      status: 409,
      code: 'WRONG_STATUS',
    });
  });

  it('returnTradeApproval: 409 ALREADY_DECIDED for an approved trade, CLAIMED under another’s claim', async () => {
    const approved = await submitTrade(t.app, seller, subcategoryId);
    expect((await approve(t.app, ada, approved.id)).statusCode).toBe(200);
    const reason = { reason: 'The card value looks wrong.' };
    expectDocumentedRefusal(
      await reviewStep(t.app, bayo, approved.id, 'return_approval', reason),
      'returnTradeApproval',
      { status: 409, code: 'ALREADY_DECIDED' },
    );
    // $500 at ₦1,180 reaches FOUR_EYES_KOBO (₦500,000): it waits for a second operator.
    const large = await submitTrade(t.app, seller, subcategoryId, 500);
    const held = await approve(t.app, ada, large.id);
    expect(bodyOf<AdminTrade>(held).data.status).toBe('awaiting_second_approval');
    expect((await step(bayo, large.id, 'claim')).statusCode).toBe(200);
    expectDocumentedRefusal(
      await reviewStep(t.app, chika, large.id, 'return_approval', reason),
      'returnTradeApproval',
      { status: 409, code: 'CLAIMED' },
    );
  });

  it('confirmTradeAdjustment: 409 NOT_INDEPENDENT; returnTradeAdjustment: 409 ALREADY_DECIDED', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    expect((await approve(t.app, ada, trade.id)).statusCode).toBe(200);
    // ₦500,000 alone reaches FOUR_EYES_KOBO: the adjustment waits for a second admin.
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/trades/${trade.id}/adjust`,
      payload: { amount: 500_000, reason: 'Rate agreed by phone' },
      headers: { authorization: chika.token, 'idempotency-key': randomUUID() },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const { adjustment } = bodyOf<AdjustedTrade>(adjusted).data;
    expect(adjustment.status).toBe('awaiting_second_approval');
    const url = `/api/v1/admin/trades/${trade.id}/adjustments/${adjustment.id}`;

    // An admin whose own invitation no second admin has confirmed is nobody's second pair of eyes.
    const invited = await signedInOperator(t.app, t.db, 'admin');
    await t.db.insert(staffGrants).values({
      userId: invited.user.id,
      kind: 'invitation',
      role: 'admin',
      grantedByUserId: chika.user.id,
    });
    const confirm = await t.app.inject({
      method: 'POST',
      url: `${url}/confirm`,
      headers: { authorization: invited.token },
    });
    expectDocumentedRefusal(confirm, 'confirmTradeAdjustment', {
      status: 409,
      code: 'NOT_INDEPENDENT',
    });

    const sendBack = () =>
      t.app.inject({
        method: 'POST',
        url: `${url}/return`,
        payload: { reason: 'No record of that call.' },
        headers: { authorization: chika.token },
      });
    expect((await sendBack()).statusCode).toBe(200);
    expectDocumentedRefusal(await sendBack(), 'returnTradeAdjustment', {
      status: 409,
      code: 'ALREADY_DECIDED',
    });
  });
});

describe('the catalog and KYC document their refusals', () => {
  it('updateCard: 409 ALREADY_EXISTS for a name another card has', async () => {
    const create = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/catalog/cards',
        payload: { name, brand_colour: '#ff9900' },
        headers: { authorization: ada.token },
      });
    expect((await create('Steam Wallet')).statusCode).toBe(201);
    const other = await create('Razer Gold');
    expect(other.statusCode, other.body).toBe(201);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/cards/${bodyOf<{ id: string }>(other).data.id}`,
      payload: { name: 'Steam Wallet' },
      headers: { authorization: ada.token },
    });
    expectDocumentedRefusal(renamed, 'updateCard', { status: 409, code: 'ALREADY_EXISTS' });
  });

  it('verifyBvn: 409 ALREADY_EXISTS for a BVN another account verified', async () => {
    // The sandbox identity provider matches any BVN that does not start with 0.
    const bvn = { bvn: '22334455667' };
    const first = await signedInUser(t.app);
    const verified = await post(t.app, `/user/verify_kyc/${first.user.id}`, bvn, {
      authorization: first.token,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const second = await signedInUser(t.app);
    const taken = await post(t.app, `/user/verify_kyc/${second.user.id}`, bvn, {
      authorization: second.token,
    });
    expectDocumentedRefusal(taken, 'verifyBvn', { status: 409, code: 'ALREADY_EXISTS' });
  });
});
