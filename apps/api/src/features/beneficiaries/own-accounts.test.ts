import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountApproval, BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import type { NoticeList } from '@karta/shared/schemas/notices';
import type { SellerProfile } from '@karta/shared/schemas/sellers-desk';
import { ANOTHER_PERSON } from '../../adapters/payouts/sandbox';
import { accountApprovals } from '../../db/schema/account-approvals';
import { auditLog } from '../../db/schema/audit-log';
import { withdrawals } from '../../db/schema/withdrawals';
import { bodyOf, mailsTo, post, type Paged, type Session } from '../../../test/accounts';
import type { TestApp } from '../../../test/create-test-app';
import { walletOf } from '../../../test/trades';
import {
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  withdraw,
  withdrawalTestHooks,
} from '../../../test/withdrawals';
import { insertBeneficiary } from './beneficiaries.repository';

let t: TestApp;
let operator: Session;
let gtbank: number;

withdrawalTestHooks((bed) => {
  ({ t, operator, gtbank } = bed);
});

/** The sandbox's account in another person's name (docs/configuration.md). */
const OTHER = '9994';
const REFUSAL = `This account is in the name of ${ANOTHER_PERSON}. Karta pays only into accounts in your own name, as on your BVN.`;

const account = (accountNumber: string) => ({
  bank_id: gtbank,
  account_bank: GTBANK,
  account_number: accountNumber,
});
const auth = (session: Session) => ({ authorization: session.token });

const addAccount = (session: Session, accountNumber: string) =>
  post(
    t.app,
    `/user/add_beneficiary_account/${session.user.id}`,
    account(accountNumber),
    auth(session),
  );
const askApproval = (session: Session, accountNumber: string) =>
  post(
    t.app,
    `/user/request_account_approval/${session.user.id}`,
    account(accountNumber),
    auth(session),
  );
const decide = (
  staff: Session,
  sellerId: string,
  approvalId: string,
  verb: 'approve' | 'decline',
  note = 'Seen the statement: it is her business account.',
) =>
  post(
    t.app,
    `/admin/users/${sellerId}/account_approvals/${approvalId}/${verb}`,
    { note },
    auth(staff),
  );

async function savedAccounts(session: Session) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/user/get_beneficiary_banks/${session.user.id}`,
    headers: auth(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Paged<BeneficiaryAccount>>(response).data.data;
}

async function sellerPage(sellerId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/users/${sellerId}`,
    headers: auth(operator),
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<SellerProfile>(response).data;
}

async function noticesOf(session: Session) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/user/notices/${session.user.id}`,
    headers: auth(session),
  });
  return bodyOf<NoticeList>(response).data.data;
}

const withdrawalCount = async (userId: string) =>
  (await t.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)))[0]?.n;

describe('the sandbox resolves an account to the seller asking, or to another person (9994)', () => {
  it("answers the seller's own name as a bank writes it, and ANOTHER_PERSON for 9994", async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0);
    const resolve = (accountNumber: string) =>
      post(t.app, '/finance/verify_bank_account', account(accountNumber), auth(seller));
    const own = await resolve(sandboxAccountNumber());
    expect(bodyOf<{ account_name: string }>(own).data.account_name).toBe('EZE CHIDINMA');
    const other = await resolve(sandboxAccountNumber(OTHER));
    expect(bodyOf<{ account_name: string }>(other).data.account_name).toBe(ANOTHER_PERSON);
  });
});

describe('adding an account not in the seller’s own name', () => {
  it('is refused with words that say whose it is, and changes nothing', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0);
    const response = await addAccount(seller, sandboxAccountNumber(OTHER));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'NOT_OWN_ACCOUNT',
      message: `${REFUSAL} You can ask Karta to approve it.`,
      errors: [{ field: 'account_number', message: `${REFUSAL} You can ask Karta to approve it.` }],
    });
    expect(await savedAccounts(seller)).toEqual([]);
    const [asked] = await t.db
      .select({ n: count() })
      .from(accountApprovals)
      .where(eq(accountApprovals.userId, seller.user.id));
    expect(asked?.n).toBe(0);
  });

  it('is saved once an operator approves it: asked once, seen on the seller page, audited, told by notice and mail', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 3_000);
    const number = sandboxAccountNumber(OTHER);
    const asked = await askApproval(seller, number);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = bodyOf<AccountApproval>(asked).data;
    expect(request).toMatchObject({
      status: 'pending',
      account_name: ANOTHER_PERSON,
      account_number: number,
      bank_name: 'Guaranty Trust Bank',
      decided_at: null,
    });
    // Asking again answers the same request.
    expect(bodyOf<AccountApproval>(await askApproval(seller, number)).data.id).toBe(request.id);
    const waiting = await addAccount(seller, number);
    expect(waiting.statusCode).toBe(400);
    expect(bodyOf(waiting).message).toBe(
      `${REFUSAL} Karta is looking at your request to use it; we will tell you the answer.`,
    );
    expect((await sellerPage(seller.user.id)).account_approvals).toEqual([request]);

    const approved = await decide(operator, seller.user.id, request.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const page = bodyOf<SellerProfile>(approved).data;
    expect(page.account_approvals[0]).toMatchObject({
      id: request.id,
      status: 'approved',
      note: 'Seen the statement: it is her business account.',
      decided_by_name: `${operator.user.first_name} ${operator.user.last_name}`,
    });
    expect(page.actions[0]).toMatchObject({
      action: 'account_approval.approved',
      reason: 'Seen the statement: it is her business account.',
    });
    const [saved] = await savedAccounts(seller);
    expect(saved).toMatchObject({ account_number: number, account_name: ANOTHER_PERSON });
    const notice = (await noticesOf(seller)).find((each) => each.kind === 'account_approved');
    expect(notice?.body).toContain('it is now one of your withdrawal accounts');
    const mails = await mailsTo(t.app, seller.email);
    expect(
      mails.find((mail) => mail.subject === 'Karta approved your withdrawal account')?.text,
    ).toContain('Our note: Seen the statement: it is her business account.');

    // The approved account takes money, and a second answer is refused.
    const paid = await withdraw(t.app, seller, {
      amount: 1_000,
      pin: PIN,
      beneficiary_account_id: saved?.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const again = await decide(operator, seller.user.id, request.id, 'decline');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_DECIDED' });
    expect((await askApproval(seller, number)).json()).toMatchObject({ code: 'ALREADY_DECIDED' });
  });

  it('stays refused when declined; the seller is told and may ask again', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0);
    const number = sandboxAccountNumber(OTHER);
    const request = bodyOf<AccountApproval>(await askApproval(seller, number)).data;
    const declined = await decide(
      operator,
      seller.user.id,
      request.id,
      'decline',
      'Not your name.',
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await savedAccounts(seller)).toEqual([]);
    expect((await addAccount(seller, number)).json()).toMatchObject({ code: 'NOT_OWN_ACCOUNT' });
    const notice = (await noticesOf(seller)).find((each) => each.kind === 'account_declined');
    expect(notice?.body).toContain('Our note: Not your name.');
    const mails = await mailsTo(t.app, seller.email);
    expect(
      mails.some((mail) => mail.subject === 'Karta did not approve your withdrawal account'),
    ).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, seller.user.id),
          eq(auditLog.action, 'account_approval.declined'),
        ),
      );
    expect(audit?.actorUserId).toBe(operator.user.id);
    const second = await askApproval(seller, number);
    expect(second.statusCode).toBe(201);
    expect(bodyOf<AccountApproval>(second).data.id).not.toBe(request.id);
  });

  it('needs no request for an own account; an operator cannot answer their own, another seller’s or a missing one, nor without a note', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0);
    const own = await askApproval(seller, sandboxAccountNumber());
    expect(own.statusCode).toBe(400);
    expect(bodyOf(own).message).toBe(
      'This account is in your own name: add it, no approval is needed.',
    );

    const request = bodyOf<AccountApproval>(
      await askApproval(seller, sandboxAccountNumber(OTHER)),
    ).data;
    const other = await fundedUser(t.app, t.db, operator, 0);
    expect((await decide(operator, other.user.id, request.id, 'approve')).statusCode).toBe(404);
    expect((await decide(operator, seller.user.id, 'not-an-id', 'approve')).statusCode).toBe(404);
    const noNote = await decide(operator, seller.user.id, request.id, 'approve', ' ');
    expect(noNote.statusCode).toBe(400);
    expect(bodyOf(noNote).errors[0]?.field).toBe('note');
    // Staff who ask for their own account wait for another operator.
    const staffRequest = bodyOf<AccountApproval>(
      await askApproval(operator, sandboxAccountNumber(OTHER)),
    ).data;
    expect((await decide(operator, operator.user.id, staffRequest.id, 'approve')).statusCode).toBe(
      400,
    );
    // A seller cannot answer their own request.
    expect((await decide(seller, seller.user.id, request.id, 'approve')).statusCode).toBe(403);
    expect((await sellerPage(seller.user.id)).account_approvals[0]?.status).toBe('pending');
  });
});

describe('withdrawing to an account not in the seller’s own name', () => {
  it('refuses one typed in now, and saves nothing with add_as_beneficiary', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 3_000);
    const response = await withdraw(t.app, seller, {
      amount: 1_000,
      pin: PIN,
      ...account(sandboxAccountNumber(OTHER)),
      add_as_beneficiary: true,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'NOT_OWN_ACCOUNT',
      errors: [{ field: 'account_number', message: `${REFUSAL} You can ask Karta to approve it.` }],
    });
    expect(await withdrawalCount(seller.user.id)).toBe(0);
    expect(await savedAccounts(seller)).toEqual([]);
    expect(await walletOf(t.app, seller)).toMatchObject({ balance: 3_000, pending_withdrawals: 0 });
  });

  it('keeps an account saved before this rule, but refuses money to it until an operator approves it', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 3_000);
    const number = sandboxAccountNumber(OTHER);
    // Saved before decision 064: the bank's name is another person's.
    const legacy = await insertBeneficiary(t.db, {
      userId: seller.user.id,
      bankCode: GTBANK,
      bankName: 'Guaranty Trust Bank',
      accountNumber: number,
      accountName: ANOTHER_PERSON,
      createdAt: new Date(t.clock.now().getTime() - 7 * 24 * 60 * 60 * 1000),
    });
    expect(await savedAccounts(seller)).toEqual([
      expect.objectContaining({ id: legacy.id, needs_approval: true }),
    ]);
    const send = () =>
      withdraw(t.app, seller, { amount: 1_000, pin: PIN, beneficiary_account_id: legacy.id });
    const refused = await send();
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'NOT_OWN_ACCOUNT',
      errors: [{ field: 'beneficiary_account_id' }],
    });
    expect(await withdrawalCount(seller.user.id)).toBe(0);
    const auto = await post(
      t.app,
      `/user/auto_withdrawal/${seller.user.id}`,
      { enabled: true, beneficiary_account_id: legacy.id, pin: PIN },
      auth(seller),
    );
    expect(auto.statusCode, auto.body).toBe(400);
    expect(auto.json()).toMatchObject({ code: 'NOT_OWN_ACCOUNT' });

    const request = bodyOf<AccountApproval>(await askApproval(seller, number)).data;
    expect((await decide(operator, seller.user.id, request.id, 'approve')).statusCode).toBe(200);
    // Approving an account already saved keeps the one row, no longer waiting.
    expect(await savedAccounts(seller)).toEqual([
      expect.objectContaining({ id: legacy.id, needs_approval: false }),
    ]);
    const paid = await send();
    expect(paid.statusCode, paid.body).toBe(201);
  });
});
