import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaffList, StaffMember } from '@karta/shared/schemas/staff-desk';
import type { User } from '@karta/shared/schemas/users';
import { auditLog } from '../../db/schema/audit-log';
import { staffGrants } from '../../db/schema/staff-grants';
import { users } from '../../db/schema/users';
import {
  PASSWORD,
  bodyOf,
  currentUser,
  latestCode,
  login,
  mailsTo,
  post,
  signedInUser,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

let t: TestApp;
let admin: Session;
let operator: Session;
let seller: Session;
let start: Date;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Bayo' });
  operator = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ada' });
  seller = await signedInUser(t.app);
  start = t.clock.now();
});
// Back to the start, so the sessions (15 minutes) outlive a test's moving of the clock.
afterEach(() => {
  t.clock.set(start);
});
afterAll(() => t.close());

const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin/staff${url}`,
    headers: { authorization: session.token },
    ...(payload && { payload }),
  });
const list = (session: Session) => call(session, 'GET', '/');
const invite = (session: Session, payload: object) =>
  call(session, 'POST', '/invitations', payload);
const setRole = (session: Session, id: string, role: string) =>
  call(session, 'POST', `/${id}/role`, { role });
const remove = (session: Session, id: string) => call(session, 'POST', `/${id}/remove`);
const resend = (session: Session, id: string) => call(session, 'POST', `/${id}/resend_invitation`);
const confirmInvitation = (session: Session, id: string) =>
  call(session, 'POST', `/${id}/confirm_invitation`);
const accept = (email: string, otp: string, password = 'Lekki#Console2026') =>
  post(t.app, '/auth/accept_invitation', {
    email,
    otp,
    new_password: password,
    verify_new_password: password,
  });

let invited = 0;
const newInvitee = () => {
  invited += 1;
  return {
    email: `ngozi.${String(Date.now() % 1_000_000)}${String(invited)}@example.com`,
    first_name: 'Ngozi',
    last_name: 'Okafor',
  };
};

const memberOf = async (email: string): Promise<StaffMember | undefined> => {
  const response = await list(admin);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<StaffList>(response).data.data.find((member) => member.email === email);
};

const auditOf = (targetId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));

/** Invites, accepts and signs in a new operator: the whole path the desk offers. */
async function acceptedOperator(by: Session = admin) {
  const person = newInvitee();
  expect((await invite(by, person)).statusCode).toBe(201);
  const otp = await latestCode(t.app, person.email);
  expect((await accept(person.email, otp, PASSWORD)).statusCode).toBe(200);
  const response = await login(t.app, person.email, PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ token: string; data: User }>();
  return { ...person, id: body.data.id, token: body.token };
}

describe('the staff desk is for admins only', () => {
  it('refuses sellers and operators with 403 on every call, and answers an admin', async () => {
    const someone = operator.user.id;
    for (const caller of [seller, operator]) {
      const responses = await Promise.all([
        list(caller),
        invite(caller, newInvitee()),
        resend(caller, someone),
        setRole(caller, someone, 'admin'),
        remove(caller, someone),
        confirmInvitation(caller, someone),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([
        403, 403, 403, 403, 403, 403,
      ]);
    }
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const emails = bodyOf<StaffList>(response).data.data.map((member) => member.email);
    expect(emails).toContain(admin.email);
    expect(emails).toContain(operator.email);
    expect(emails).not.toContain(seller.email);
  });
});

describe('inviting an operator', () => {
  it('creates a waiting operator account, mails a code, and the invitee sets a password and signs in as operator', async () => {
    const person = newInvitee();
    const response = await invite(admin, { ...person, email: person.email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(201);
    expect(bodyOf(response).message).toBe('Invitation sent.');
    const member = await memberOf(person.email);
    expect(member).toMatchObject({ role: 'operator', status: 'pending_verification' });
    const expiresIn = new Date(member?.invitation_expires_at ?? 0).getTime() - start.getTime();
    expect(expiresIn).toBe(72 * 3600 * 1000);

    const [mail] = await mailsTo(t.app, person.email);
    expect(mail?.subject).toBe('You are invited to the Karta console');
    expect(mail?.text).toContain(`/accept-invitation#email=${encodeURIComponent(person.email)}`);
    const [audit] = await auditOf(member?.id ?? '', 'staff.invited');
    expect(audit).toMatchObject({ actorUserId: admin.user.id, after: { role: 'operator' } });

    // Nobody knows the password until the invitee sets it; a reset does not open the account.
    expect((await login(t.app, person.email, PASSWORD)).statusCode).toBe(401);
    t.clock.advance(31);
    await post(t.app, '/auth/forgot_password', { email: person.email });
    expect(await mailsTo(t.app, person.email)).toHaveLength(1);

    const otp = await latestCode(t.app, person.email);
    const accepted = await accept(person.email, otp, PASSWORD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await accept(person.email, otp, PASSWORD)).statusCode).toBe(400);
    const signIn = await login(t.app, person.email, PASSWORD);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { token, data } = signIn.json<{ token: string; data: User }>();
    expect(data.role).toBe('operator');
    const asOperator = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/trades',
      headers: { authorization: token },
    });
    expect(asOperator.statusCode).toBe(200);
    const staffDesk = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/staff',
      headers: { authorization: token },
    });
    expect(staffDesk.statusCode).toBe(403);
    expect(await memberOf(person.email)).toMatchObject({
      status: 'active',
      invitation_expires_at: null,
    });
    expect(await auditOf(data.id, 'staff.invitation_accepted')).toHaveLength(1);
  });

  it('refuses an address that already has an account, a seller’s or staff', async () => {
    const sellerCase = await invite(admin, { ...newInvitee(), email: seller.email });
    expect(sellerCase.statusCode).toBe(409);
    expect(bodyOf(sellerCase).errors[0]).toEqual({
      field: 'email',
      message:
        'This e-mail already has a Karta seller account. Staff accounts are kept apart from seller accounts: invite the person with another e-mail.',
    });
    const [sellerRow] = await t.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(sellerRow?.role).toBe('user');

    const staffCase = await invite(admin, { ...newInvitee(), email: operator.email });
    expect(bodyOf(staffCase).message).toBe('This e-mail already belongs to a staff member.');

    const person = newInvitee();
    await invite(admin, person);
    const again = await invite(admin, person);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).message).toBe(
      'This person is already invited. Re-send the invitation from the staff list.',
    );
  });

  it('checks its input with the usual messages', async () => {
    const response = await invite(admin, {
      email: 'not-an-email',
      first_name: ' ',
      last_name: 'O',
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter a valid email' },
        { field: 'first_name', message: 'First name is required' },
      ]),
    );
  });

  it('expires after 72 hours; a re-sent invitation works and the old code does not', async () => {
    const person = newInvitee();
    await invite(admin, person);
    const first = await latestCode(t.app, person.email);
    t.clock.advance(72 * 3600 + 1);
    expect((await accept(person.email, first)).statusCode).toBe(400);
    // The admin signs in again three days later and sees the invitation as lapsed.
    const later = await login(t.app, admin.email, admin.password);
    const lapsed = await list({ ...admin, token: later.json<{ token: string }>().token });
    const row = bodyOf<StaffList>(lapsed).data.data.find((m) => m.email === person.email);
    expect(row).toMatchObject({ status: 'pending_verification', invitation_expires_at: null });

    t.clock.set(start);
    const id = (await memberOf(person.email))?.id ?? '';
    t.clock.advance(31);
    const resent = await resend(admin, id);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await auditOf(id, 'staff.invitation_resent')).toHaveLength(1);
    const second = await latestCode(t.app, person.email);
    expect(second).not.toBe(first);
    expect((await accept(person.email, first)).statusCode).toBe(401);
    expect((await accept(person.email, second)).statusCode).toBe(200);
    const late = await resend(admin, id);
    expect(late.statusCode).toBe(409);
  });
});

describe('changing roles', () => {
  it('makes an operator an admin, ends their sessions and audits it', async () => {
    const person = await acceptedOperator();
    const response = await setRole(admin, person.id, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf<StaffList>(response).data.data.find((m) => m.id === person.id)?.role).toBe(
      'admin',
    );
    expect((await currentUser(t.app, person.token)).statusCode).toBe(403);
    const [audit] = await auditOf(person.id, 'staff.role_changed');
    expect(audit).toMatchObject({ before: { role: 'operator' }, after: { role: 'admin' } });
    const again = await login(t.app, person.email, PASSWORD);
    expect(again.json<{ data: User }>().data.role).toBe('admin');
    expect((await setRole(admin, person.id, 'admin')).statusCode).toBe(409);
    expect((await setRole(admin, person.id, 'owner')).statusCode).toBe(400);
  });

  it('removes operator rights: a seller’s account again, sessions ended, console closed', async () => {
    const person = await acceptedOperator();
    const response = await remove(admin, person.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await memberOf(person.email)).toBeUndefined();
    expect((await currentUser(t.app, person.token)).statusCode).toBe(403);
    const again = await login(t.app, person.email, PASSWORD);
    const token = again.json<{ token: string }>().token;
    const trades = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/trades',
      headers: { authorization: token },
    });
    expect(trades.statusCode).toBe(403);
    expect(await auditOf(person.id, 'staff.rights_removed')).toHaveLength(1);
    expect((await remove(admin, person.id)).statusCode).toBe(404);
  });

  it('voids the invitation of an invitee whose rights are removed', async () => {
    const person = newInvitee();
    await invite(admin, person);
    const otp = await latestCode(t.app, person.email);
    const id = (await memberOf(person.email))?.id ?? '';
    expect((await remove(admin, id)).statusCode).toBe(200);
    expect((await accept(person.email, otp)).statusCode).toBe(400);
  });

  it('never changes the admin’s own role', async () => {
    for (const response of [
      await setRole(admin, admin.user.id, 'operator'),
      await remove(admin, admin.user.id),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(bodyOf(response).message).toBe('You cannot change your own role. Ask another admin.');
    }
    expect((await list(admin)).statusCode).toBe(200);
  });

  it('never removes the last admin, even when two admins remove each other at once', async () => {
    const ada = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Ada' });
    const bola = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Bola' });
    const answers = await Promise.all([remove(ada, bola.user.id), remove(bola, ada.user.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((answer) => answer.statusCode === 400);
    expect(loser && bodyOf(loser).message).toBe('Only an admin can change staff roles.');
    const winner = answers[0].statusCode === 200 ? ada : bola;
    const roles = await t.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, winner.user.id));
    expect(roles[0]?.role).toBe('admin');
  });

  it('answers 404 for an unknown id or a seller', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', seller.user.id]) {
      const response = await setRole(admin, id, 'admin');
      expect(response.statusCode).toBe(404);
      expect(bodyOf(response).message).toBe('We could not find this staff member.');
    }
  });
});

const grantsOf = (userId: string) =>
  t.db.select().from(staffGrants).where(eq(staffGrants.userId, userId));

/** Invites someone (not accepted yet) and answers their row's id. */
async function invitedId(by: Session, person = newInvitee()) {
  const response = await invite(by, person);
  expect(response.statusCode, response.body).toBe(201);
  const member = bodyOf<StaffList>(response).data.data.find((m) => m.email === person.email);
  return member?.id ?? '';
}

/** A staff member's row as `viewer` reads the list. */
async function rowAs(viewer: Session, id: string) {
  const response = await list(viewer);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<StaffList>(response).data.data.find((member) => member.id === id);
}

const codeOf = (response: LightMyRequestResponse) => response.json<{ code?: string }>().code;

describe('who made whom staff, and the second admin’s confirmation (decision 049)', () => {
  it('records an invitation with the inviting admin and shows it waiting for a second admin', async () => {
    const id = await invitedId(admin);
    const grants = await grantsOf(id);
    expect(grants).toEqual([
      expect.objectContaining({
        kind: 'invitation',
        role: 'operator',
        grantedByUserId: admin.user.id,
        confirmedByUserId: null,
        confirmedAt: null,
      }),
    ]);
    expect(await rowAs(admin, id)).toMatchObject({
      can_confirm_approvals: false,
      invitation: {
        invited_by: { id: admin.user.id, first_name: 'Bayo' },
        invited_at: start.toISOString(),
        confirmed_by: null,
        confirmed_at: null,
        confirm_refusal: 'You invited Ngozi, so another admin has to confirm the invitation.',
      },
    });
    // Staff made on the server have no invitation and may be a second pair of eyes.
    expect(await rowAs(admin, operator.user.id)).toMatchObject({
      invitation: null,
      can_confirm_approvals: true,
    });
  });

  it('records a role change to admin or operator by the acting admin, and nothing when rights are removed', async () => {
    const person = await acceptedOperator();
    expect((await setRole(admin, person.id, 'admin')).statusCode).toBe(200);
    expect((await setRole(admin, person.id, 'operator')).statusCode).toBe(200);
    expect((await remove(admin, person.id)).statusCode).toBe(200);
    const grants = await grantsOf(person.id);
    expect(grants.map((grant) => [grant.kind, grant.role, grant.grantedByUserId])).toEqual([
      ['invitation', 'operator', admin.user.id],
      ['role_change', 'admin', admin.user.id],
      ['role_change', 'operator', admin.user.id],
    ]);
  });

  it('refuses the inviter and the invitee; another admin confirms once, audited, and the invitee may then be a second pair of eyes', async () => {
    const chika = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Chika' });
    const person = await acceptedOperator();
    // Made an admin by the inviter, so the invitee can reach the route.
    expect((await setRole(admin, person.id, 'admin')).statusCode).toBe(200);
    const invitee = await login(t.app, person.email, PASSWORD);
    const inviteeSession = { ...admin, token: invitee.json<{ token: string }>().token };

    const byInviter = await confirmInvitation(admin, person.id);
    expect(byInviter.statusCode).toBe(409);
    expect(codeOf(byInviter)).toBe('SAME_APPROVER');
    expect(bodyOf(byInviter).message).toBe(
      'You invited Ngozi, so another admin has to confirm the invitation.',
    );
    const bySelf = await confirmInvitation(inviteeSession, person.id);
    expect(bySelf.statusCode).toBe(400);
    expect(bodyOf(bySelf).message).toBe(
      'This is your own invitation: another admin has to confirm it.',
    );
    expect((await rowAs(chika, person.id))?.invitation?.confirm_refusal).toBeNull();
    expect((await grantsOf(person.id))[0]?.confirmedByUserId).toBeNull();

    t.clock.advance(60);
    const confirmed = await confirmInvitation(chika, person.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(bodyOf(confirmed).message).toBe('Invitation confirmed.');
    expect(bodyOf<StaffList>(confirmed).data.data.find((m) => m.id === person.id)).toMatchObject({
      can_confirm_approvals: true,
      invitation: {
        invited_by: { id: admin.user.id },
        confirmed_by: { id: chika.user.id, first_name: 'Chika' },
        confirmed_at: t.clock.now().toISOString(),
        confirm_refusal: null,
      },
    });
    const [audit] = await auditOf(person.id, 'staff.invitation_confirmed');
    expect(audit).toMatchObject({
      actorUserId: chika.user.id,
      before: { invited_by: admin.user.id, confirmed_by: null },
      after: { invited_by: admin.user.id, confirmed_by: chika.user.id },
    });

    const again = await confirmInvitation(chika, person.id);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ALREADY_DECIDED');
    expect(bodyOf(again).message).toBe('Ngozi’s invitation is already confirmed by Chika Eze.');
    expect(await auditOf(person.id, 'staff.invitation_confirmed')).toHaveLength(1);
  });

  it('confirms an invitation not yet accepted; the invitee then accepts as usual', async () => {
    const dayo = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Dayo' });
    const person = newInvitee();
    const id = await invitedId(admin, person);
    expect((await confirmInvitation(dayo, id)).statusCode).toBe(200);
    const otp = await latestCode(t.app, person.email);
    expect((await accept(person.email, otp, PASSWORD)).statusCode).toBe(200);
    expect(await rowAs(admin, id)).toMatchObject({
      status: 'active',
      can_confirm_approvals: true,
      invitation: { confirmed_by: { id: dayo.user.id } },
    });
  });

  it('answers 409 when there is no invitation to confirm, and 404 for someone not staff', async () => {
    const serverMade = await confirmInvitation(admin, operator.user.id);
    expect(serverMade.statusCode).toBe(409);
    expect(codeOf(serverMade)).toBe('WRONG_STATUS');
    expect(bodyOf(serverMade).message).toBe(
      'Ada was made staff on the server, not invited from this desk: there is no invitation to confirm.',
    );
    for (const id of ['not-a-uuid', seller.user.id]) {
      expect((await confirmInvitation(admin, id)).statusCode).toBe(404);
    }
  });

  it('lets no admin the inviter made, nor one whose own invitation waits, vouch for anyone', async () => {
    // One admin alone invites two identities and makes the first an admin.
    const first = await acceptedOperator();
    expect((await setRole(admin, first.id, 'admin')).statusCode).toBe(200);
    const firstAdmin = {
      ...admin,
      token: (await login(t.app, first.email, PASSWORD)).json<{ token: string }>().token,
    };
    const second = await invitedId(admin);
    const related = await confirmInvitation(firstAdmin, second);
    expect(related.statusCode).toBe(409);
    expect(codeOf(related)).toBe('NOT_INDEPENDENT');
    expect(bodyOf(related).message).toBe(
      "Bayo Eze and you cannot be each other's second pair of eyes: one of you made the other staff. Ask another colleague to confirm it.",
    );
    expect((await rowAs(firstAdmin, second))?.invitation?.confirm_refusal).toBe(
      bodyOf(related).message,
    );

    // Nor someone else's invitation, while nobody has vouched for the first identity itself.
    const elsewhere = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Efe' });
    const third = await invitedId(elsewhere);
    const unconfirmed = await confirmInvitation(firstAdmin, third);
    expect(unconfirmed.statusCode).toBe(409);
    expect(codeOf(unconfirmed)).toBe('NOT_INDEPENDENT');
    expect(bodyOf(unconfirmed).message).toBe(
      'A second admin has not confirmed your invitation yet, so you cannot be anyone’s second pair of eyes. Ask an admin other than the one who invited you to confirm it on the staff desk.',
    );
    expect((await grantsOf(third))[0]?.confirmedByUserId).toBeNull();
  });

  it('confirms once when two admins confirm at once', async () => {
    const [femi, gbenga] = await Promise.all([
      signedInOperator(t.app, t.db, 'admin', { first_name: 'Femi' }),
      signedInOperator(t.app, t.db, 'admin', { first_name: 'Gbenga' }),
    ]);
    const id = await invitedId(admin);
    const answers = await Promise.all([confirmInvitation(femi, id), confirmInvitation(gbenga, id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(id, 'staff.invitation_confirmed')).toHaveLength(1);
  });
});
