import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import type { User } from '@karta/shared/schemas/users';
import {
  PASSWORD,
  bodyOf,
  latestCode,
  login,
  post,
  signedInUser,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import {
  approve,
  reviewStep,
  submitTrade,
  tradableSubcategory,
  walletOf,
} from '../../../test/trades';

/**
 * The outside tester's finding (decision 049): one admin invited an address they control,
 * accepted it at once and, as that "operator", confirmed their own large approval. Over HTTP
 * from the invitation to the refusal, as the finding was made.
 */

let t: TestApp;
let bayo: Session;
let chika: Session;
let ife: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  // Admins and an operator made on the server (no invitation): independent of one another.
  bayo = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Bayo', last_name: 'Lawal' });
  chika = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Chika', last_name: 'Nwosu' });
  ife = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ife', last_name: 'Ade' });
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(() => t.close());

// ₦1,180 per USD: $500 is ₦590,000, above FOUR_EYES_KOBO's default ₦500,000.
const LARGE = 500;

const codeOf = (response: LightMyRequestResponse) => response.json<{ code?: string }>().code;

const staffCall = (session: Session, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/staff${url}`,
    headers: { authorization: session.token },
    ...(payload && { payload }),
  });

let invited = 0;
/**
 * `admin` invites an operator from the staff desk; the invitee sets a password with the mailed
 * code and signs in: the whole path the tester took with an address of their own.
 */
async function invitedOperator(admin: Session): Promise<Session> {
  invited += 1;
  const email = `second.eyes.${String(invited)}@example.com`;
  const invitation = await staffCall(admin, '/invitations', {
    email,
    first_name: 'Tunde',
    last_name: 'Bello',
  });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const otp = await latestCode(t.app, email);
  const accepted = await post(t.app, '/auth/accept_invitation', {
    email,
    otp,
    new_password: PASSWORD,
    verify_new_password: PASSWORD,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const signIn = await login(t.app, email, PASSWORD);
  expect(signIn.statusCode, signIn.body).toBe(200);
  const { token, data } = signIn.json<{ token: string; data: User }>();
  return { token, user: data, email, password: PASSWORD, refreshToken: '' };
}

/** A large trade `first` has approved once: it waits for a second staff member. */
async function awaitingTrade(first: Session) {
  const seller = await signedInUser(t.app);
  const trade = await submitTrade(t.app, seller, subcategoryId, LARGE);
  const approved = await approve(t.app, first, trade.id);
  expect(approved.statusCode, approved.body).toBe(200);
  expect(bodyOf<AdminTrade>(approved).data.status).toBe('awaiting_second_approval');
  return { seller, trade };
}

const confirmApproval = (who: Session, tradeId: string) => {
  t.clock.advance(1);
  return reviewStep(t.app, who, tradeId, 'confirm_approval');
};

describe('the operator an admin invited is not that admin’s second pair of eyes', () => {
  it('refuses the invitee’s confirmation of the inviter’s large approval with 409 NOT_INDEPENDENT, and moves no money', async () => {
    const tunde = await invitedOperator(bayo);
    const { seller, trade } = await awaitingTrade(bayo);

    const refused = await confirmApproval(tunde, trade.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe('NOT_INDEPENDENT');
    expect((await walletOf(t.app, seller)).balance).toBe(0);

    // Even once a second admin has vouched for the person: the inviter made them staff.
    expect((await staffCall(chika, `/${tunde.user.id}/confirm_invitation`)).statusCode).toBe(200);
    const stillRelated = await confirmApproval(tunde, trade.id);
    expect(stillRelated.statusCode).toBe(409);
    expect(codeOf(stillRelated)).toBe('NOT_INDEPENDENT');
    expect(bodyOf(stillRelated).message).toBe(
      "Bayo Lawal and you cannot be each other's second pair of eyes: one of you made the other staff. Ask another colleague to confirm it.",
    );
    expect((await walletOf(t.app, seller)).balance).toBe(0);

    // Someone independent of Bayo confirms, and the money moves once.
    const confirmed = await confirmApproval(ife, trade.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await walletOf(t.app, seller)).balance).toBe(590_000);
  });

  it('refuses an invitee no second admin has confirmed, whoever approved first', async () => {
    const tunde = await invitedOperator(bayo);
    const { trade } = await awaitingTrade(ife);
    const refused = await confirmApproval(tunde, trade.id);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('NOT_INDEPENDENT');
    expect(bodyOf(refused).message).toBe(
      'A second admin has not confirmed your invitation yet, so you cannot be anyone’s second pair of eyes. Ask an admin other than the one who invited you to confirm it on the staff desk.',
    );

    // Once Chika vouches for Tunde, Tunde confirms a colleague Bayo did not make staff.
    expect((await staffCall(chika, `/${tunde.user.id}/confirm_invitation`)).statusCode).toBe(200);
    const confirmed = await confirmApproval(tunde, trade.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('refuses the inviter’s confirmation of the invitee’s large approval too', async () => {
    const tunde = await invitedOperator(bayo);
    const { trade } = await awaitingTrade(tunde);
    const refused = await confirmApproval(bayo, trade.id);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('NOT_INDEPENDENT');
  });
});
