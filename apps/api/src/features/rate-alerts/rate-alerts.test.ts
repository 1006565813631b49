import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NoticeList } from '@karta/shared/schemas/notices';
import type { RateAlert } from '@karta/shared/schemas/rate-alerts';
import type { User } from '@karta/shared/schemas/users';
import {
  bodyOf,
  login,
  mailsTo,
  signedInUser,
  type Paged,
  type Session,
} from '../../../test/accounts';
import { insertCard, insertSubcategory, signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

let t: TestApp;

/** 10:00 in Lagos on a Tuesday: well inside one Lagos day, whichever way a test moves. */
const MORNING = new Date('2026-03-10T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(MORNING);
});

/** A new access token for a session, after the clock has moved past the old one's life. */
async function refreshed(session: Session): Promise<Session> {
  const response = await login(t.app, session.email, session.password);
  expect(response.statusCode, response.body).toBe(200);
  return { ...session, token: response.json<{ token: string; data: User }>().token };
}

const saveAlert = (session: Session, payload: object, userId = session.user.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/rate_alerts/${userId}`,
    headers: { authorization: session.token },
    payload,
  });

const listAlerts = (session: Session, userId = session.user.id, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/rate_alerts/${userId}${query}`,
    headers: { authorization: session.token },
  });

const deleteAlert = (session: Session, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/delete_rate_alert',
    headers: { authorization: session.token },
    payload,
  });

async function alertsOf(session: Session) {
  const response = await listAlerts(session);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Paged<RateAlert>>(response).data;
}

async function setAlert(session: Session, subcategoryId: string, rate: number | string) {
  const response = await saveAlert(session, { subcategory_id: subcategoryId, rate });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<RateAlert>(response).data;
}

const editRate = (operator: Session, subcategoryId: string, rate: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/catalog/subcategories/${subcategoryId}`,
    headers: { authorization: operator.token },
    payload: { rate },
  });

async function publishRate(operator: Session, subcategoryId: string, rate: number) {
  const response = await editRate(operator, subcategoryId, rate);
  expect(response.statusCode, response.body).toBe(200);
}

async function publishSheet(operator: Session, rates: { id: string; rate: number }[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/catalog/rates',
    headers: { authorization: operator.token },
    payload: { rates },
  });
}

const alertMailsTo = async (session: Session) =>
  (await mailsTo(t.app, session.email)).filter((mail) => mail.subject.startsWith('Rate alert'));

async function alertNoticesOf(session: Session) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/user/notices/${session.user.id}`,
    headers: { authorization: session.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<NoticeList>(response).data.data.filter((notice) => notice.kind === 'rate_alert');
}

/** A card on sale with one subcategory at ₦1,180.00 per $1 (the test helper's rate). */
async function cardOnSale(name: string) {
  const card = await insertCard(t.db, { name });
  const subcategory = await insertSubcategory(t.db, card.id, { name: 'USA physical $100–$500' });
  return { card, subcategory };
}

describe('setting, listing, changing and deleting alerts', () => {
  it('sets an alert, lists it with the rate now, changes its target, deletes it', async () => {
    const seller = await signedInUser(t.app);
    const { subcategory } = await cardOnSale('Setting Shop');
    expect(await alertsOf(seller)).toEqual({
      data: [],
      meta: { page: 1, size: 10, total: 0, totalPages: 0 },
    });

    const response = await saveAlert(seller, { subcategory_id: subcategory.id, rate: '1250.50' });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).message).toBe('Rate alert saved.');
    const created = bodyOf<RateAlert>(response).data;
    expect(created).toMatchObject({
      subcategory_id: subcategory.id,
      card_name: 'Setting Shop',
      subcategory_name: 'USA physical $100–$500',
      currency: 'USD',
      target_rate: 1250.5,
      current_rate: 1180,
      is_on_sale: true,
      last_fired_at: null,
      last_fired_rate: null,
      created_at: MORNING.toISOString(),
    });
    expect((await alertsOf(seller)).data).toEqual([created]);

    // The same subcategory again changes the target of the one alert (a number works too).
    const changed = await setAlert(seller, subcategory.id, 1300);
    expect(changed).toMatchObject({ id: created.id, target_rate: 1300 });
    expect((await alertsOf(seller)).data.map((a) => [a.id, a.target_rate])).toEqual([
      [created.id, 1300],
    ]);

    const deleted = await deleteAlert(seller, {
      user_id: seller.user.id,
      rate_alert_id: created.id,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(bodyOf(deleted)).toMatchObject({ message: 'Rate alert deleted.', data: null });
    expect((await alertsOf(seller)).data).toEqual([]);
    const again = await deleteAlert(seller, { user_id: seller.user.id, rate_alert_id: created.id });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad rates and subcategories with the field and words to fix them', async () => {
    const seller = await signedInUser(t.app);
    const { card, subcategory } = await cardOnSale('Checking Shop');
    const resting = await insertSubcategory(t.db, card.id, { active: false });
    const hiddenCard = await insertCard(t.db, { name: 'Checking Vault', active: false });
    const underHidden = await insertSubcategory(t.db, hiddenCard.id);
    const cases: [object, number, string, string][] = [
      [{ subcategory_id: subcategory.id }, 400, 'rate', 'Enter the rate you want, in naira'],
      [
        { subcategory_id: subcategory.id, rate: '' },
        400,
        'rate',
        'Enter the rate you want, in naira',
      ],
      [
        { subcategory_id: subcategory.id, rate: 1250.555 },
        400,
        'rate',
        'Enter the rate as a number with at most 2 decimals, such as 1250 or 1250.50',
      ],
      [{ subcategory_id: subcategory.id, rate: -5 }, 400, 'rate', 'Enter a rate above ₦0'],
      [
        { subcategory_id: subcategory.id, rate: '1,250' },
        400,
        'rate',
        'Enter the rate as a number with at most 2 decimals, such as 1250 or 1250.50',
      ],
      [{ subcategory_id: subcategory.id, rate: 0 }, 400, 'rate', 'Enter a rate above ₦0'],
      [
        { subcategory_id: subcategory.id, rate: '2000000' },
        400,
        'rate',
        'Enter a rate of at most ₦1,000,000',
      ],
      [{ rate: 1300 }, 400, 'subcategory_id', 'Choose a subcategory'],
      [
        { subcategory_id: 'not-an-id', rate: 1300 },
        404,
        'subcategory_id',
        'We could not find this subcategory.',
      ],
      [
        { subcategory_id: '00000000-0000-4000-8000-000000000000', rate: 1300 },
        404,
        'subcategory_id',
        'We could not find this subcategory.',
      ],
      [
        { subcategory_id: resting.id, rate: 1300 },
        400,
        'subcategory_id',
        'We are not buying this subcategory at the moment, so its rate is not changing. Choose another one.',
      ],
      [
        { subcategory_id: underHidden.id, rate: 1300 },
        400,
        'subcategory_id',
        'We are not buying this subcategory at the moment, so its rate is not changing. Choose another one.',
      ],
      [
        { subcategory_id: subcategory.id, rate: 1180 },
        400,
        'rate',
        'The rate is already ₦1,180.00. Choose a rate above ₦1,180.00 to be told when it goes up.',
      ],
    ];
    for (const [payload, status, field, message] of cases) {
      const response = await saveAlert(seller, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(bodyOf(response).status).toBe('error');
      expect(bodyOf(response).errors[0], JSON.stringify(payload)).toEqual({ field, message });
    }
    expect((await alertsOf(seller)).data).toEqual([]);
  });

  it('keeps at most 20 alerts, and still lets one of them change its target', async () => {
    const seller = await signedInUser(t.app);
    const card = await insertCard(t.db, { name: 'Limit Shop' });
    const subcategories = await Promise.all(
      Array.from({ length: 21 }, () => insertSubcategory(t.db, card.id)),
    );
    const [first] = subcategories;
    const last = subcategories.at(-1);
    if (!first || !last) throw new Error('no subcategories');
    for (const subcategory of subcategories.slice(0, 20))
      await setAlert(seller, subcategory.id, 1200);

    const refused = await saveAlert(seller, { subcategory_id: last.id, rate: 1200 });
    expect(refused.statusCode).toBe(400);
    expect(bodyOf(refused)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      errors: [
        {
          field: 'subcategory_id',
          message:
            'You can keep up to 20 rate alerts. Delete one in Settings, under Rate alerts, to add another.',
        },
      ],
    });
    await setAlert(seller, first.id, 1400);
    const page = await alertsOf(seller);
    expect(page.meta.total).toBe(20);
    const all = bodyOf<Paged<RateAlert>>(await listAlerts(seller, seller.user.id, '?size=50')).data;
    expect(all.data).toHaveLength(20);
    expect(all.data.find((alert) => alert.subcategory_id === first.id)?.target_rate).toBe(1400);
  });

  it('holds the limit when many saves arrive at once', async () => {
    const seller = await signedInUser(t.app);
    const card = await insertCard(t.db, { name: 'Race Shop' });
    const subcategories = await Promise.all(
      Array.from({ length: 24 }, () => insertSubcategory(t.db, card.id)),
    );
    const answers = await Promise.all(
      subcategories.map((subcategory) =>
        saveAlert(seller, { subcategory_id: subcategory.id, rate: 1200 }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(4);
    expect((await alertsOf(seller)).meta.total).toBe(20);
  });

  it("refuses another user's alerts: their list and their saves 403, their alert ids 404", async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const { subcategory } = await cardOnSale('Owner Shop');
    const alert = await setAlert(owner, subcategory.id, 1300);

    expect((await listAlerts(other, owner.user.id)).statusCode).toBe(403);
    const save = await saveAlert(
      other,
      { subcategory_id: subcategory.id, rate: 1500 },
      owner.user.id,
    );
    expect(save.statusCode).toBe(403);
    const asOwner = await deleteAlert(other, { user_id: owner.user.id, rate_alert_id: alert.id });
    expect(asOwner.statusCode).toBe(403);
    const theirs = await deleteAlert(other, { user_id: other.user.id, rate_alert_id: alert.id });
    expect(theirs.statusCode).toBe(404);
    expect(bodyOf(theirs).errors[0]).toEqual({
      field: 'rate_alert_id',
      message: 'We could not find this rate alert.',
    });
    const bad = await deleteAlert(other, { user_id: other.user.id, rate_alert_id: 'x' });
    expect(bad.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/delete_rate_alert',
      headers: { authorization: other.token },
      payload: { user_id: other.user.id },
    });
    expect(missing.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/rate_alerts/${owner.user.id}`,
    });
    expect(anonymous.statusCode).toBe(403);

    expect((await alertsOf(owner)).data.map((a) => [a.id, a.target_rate])).toEqual([
      [alert.id, 1300],
    ]);
    expect((await alertsOf(other)).data).toEqual([]);
  });
});

describe('an alert fires when a published rate reaches it', () => {
  it('fires once on a single edit: a mail and a notice with the card, rate and target', async () => {
    let operator = await signedInOperator(t.app, t.db);
    let seller = await signedInUser(t.app, { first_name: 'Amaka' });
    const { subcategory } = await cardOnSale('Firing Shop');
    const alert = await setAlert(seller, subcategory.id, 1200);

    // Up, but not to the target: nothing.
    await publishRate(operator, subcategory.id, 1190);
    expect(await alertMailsTo(seller)).toEqual([]);

    t.clock.advance(60);
    await publishRate(operator, subcategory.id, 1215.5);
    const [mail, ...more] = await alertMailsTo(seller);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(
      'Rate alert: Firing Shop USA physical $100–$500 is now ₦1,215.50 per $1',
    );
    expect(mail?.text).toContain('Hello Amaka,');
    expect(mail?.text).toContain(
      'the rate for your Firing Shop gift card (USA physical $100–$500) went up from ₦1,190.00 to ₦1,215.50 per $1. You asked us to tell you when it reached ₦1,200.00.',
    );
    expect(mail?.text).toContain(
      `Open the rate calculator: http://localhost:3000/dashboard/rate-calculator`,
    );

    const notices = await alertNoticesOf(seller);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'Firing Shop USA physical $100–$500 is now ₦1,215.50 per $1',
      body: 'The rate for Firing Shop USA physical $100–$500 went up from ₦1,190.00 to ₦1,215.50 per $1, reaching your alert of ₦1,200.00. Rates can change again at any time: a trade gets the rate shown when you submit it.',
      link: '/dashboard/rate-calculator',
      is_read: false,
      created_at: new Date(MORNING.getTime() + 60_000).toISOString(),
    });
    expect((await alertsOf(seller)).data[0]).toMatchObject({
      id: alert.id,
      current_rate: 1215.5,
      last_fired_at: new Date(MORNING.getTime() + 60_000).toISOString(),
      last_fired_rate: 1215.5,
    });

    // Later the same Lagos day (22:59 UTC is 23:59 in Lagos), down and up across again: no more.
    await publishRate(operator, subcategory.id, 1100);
    t.clock.set(new Date('2026-03-10T22:59:00Z'));
    operator = await refreshed(operator);
    seller = await refreshed(seller);
    await publishRate(operator, subcategory.id, 1250);
    expect(await alertMailsTo(seller)).toHaveLength(1);
    expect(await alertNoticesOf(seller)).toHaveLength(1);

    // Still above the target the next day: a rise from above it does not "reach" it again.
    t.clock.set(new Date('2026-03-10T23:00:00Z'));
    await publishRate(operator, subcategory.id, 1300);
    expect(await alertMailsTo(seller)).toHaveLength(1);

    // The next Lagos day (00:00 in Lagos), a new crossing fires again.
    await publishRate(operator, subcategory.id, 1150);
    t.clock.advance(60);
    await publishRate(operator, subcategory.id, 1201);
    const mails = await alertMailsTo(seller);
    expect(mails.map((m) => m.subject)).toEqual([
      'Rate alert: Firing Shop USA physical $100–$500 is now ₦1,201.00 per $1',
      'Rate alert: Firing Shop USA physical $100–$500 is now ₦1,215.50 per $1',
    ]);
    expect(await alertNoticesOf(seller)).toHaveLength(2);
  });

  it('does not fire when the rate goes down', async () => {
    const operator = await signedInOperator(t.app, t.db);
    const seller = await signedInUser(t.app);
    const { subcategory } = await cardOnSale('Falling Shop');
    await setAlert(seller, subcategory.id, 1200);
    await publishRate(operator, subcategory.id, 1250);
    expect(await alertMailsTo(seller)).toHaveLength(1);

    // A target of 1300 above today's 1250; the rate falls: never a mail for a fall.
    await setAlert(seller, subcategory.id, 1300);
    t.clock.advance(60);
    await publishRate(operator, subcategory.id, 900);
    await publishRate(operator, subcategory.id, 899.99);
    expect(await alertMailsTo(seller)).toHaveLength(1);
    expect(await alertNoticesOf(seller)).toHaveLength(1);
  });

  it('fires again the same day for a new target (a changed alert is a new question)', async () => {
    const operator = await signedInOperator(t.app, t.db);
    const seller = await signedInUser(t.app);
    const { subcategory } = await cardOnSale('Retarget Shop');
    await setAlert(seller, subcategory.id, 1200);
    await publishRate(operator, subcategory.id, 1200);
    const changed = await setAlert(seller, subcategory.id, 1300);
    expect(changed).toMatchObject({ last_fired_at: null, last_fired_rate: null });
    await publishRate(operator, subcategory.id, 1300);
    expect((await alertMailsTo(seller)).map((mail) => mail.subject)).toEqual([
      'Rate alert: Retarget Shop USA physical $100–$500 is now ₦1,300.00 per $1',
      'Rate alert: Retarget Shop USA physical $100–$500 is now ₦1,200.00 per $1',
    ]);
  });

  it('fires every crossed alert of a rate sheet in one publish, and none of a failed one', async () => {
    const operator = await signedInOperator(t.app, t.db);
    const amaka = await signedInUser(t.app);
    const bayo = await signedInUser(t.app);
    const { card, subcategory: usd } = await cardOnSale('Sheet Shop');
    const gbp = await insertSubcategory(t.db, card.id, {
      name: 'UK e-code',
      currency: 'GBP',
      rateKobo: 150000n,
    });
    const resting = await insertSubcategory(t.db, card.id, { active: false });
    await setAlert(amaka, usd.id, 1200);
    await setAlert(amaka, gbp.id, 1600);
    await setAlert(bayo, usd.id, 1300);
    await setAlert(bayo, gbp.id, 1550);
    // An alert set while on sale, then the subcategory stops being bought: it waits.
    const paused = await insertSubcategory(t.db, card.id);
    await setAlert(bayo, paused.id, 1200);
    const pause = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/subcategories/${paused.id}`,
      headers: { authorization: operator.token },
      payload: { active: false },
    });
    expect(pause.statusCode, pause.body).toBe(200);

    // All or nothing: a sheet with an unknown id changes no rate and fires no alert.
    const failed = await publishSheet(operator, [
      { id: usd.id, rate: 1400 },
      { id: '00000000-0000-4000-8000-000000000000', rate: 1 },
    ]);
    expect(failed.statusCode).toBe(400);
    expect(await alertMailsTo(amaka)).toEqual([]);
    expect(await alertNoticesOf(amaka)).toEqual([]);

    const published = await publishSheet(operator, [
      { id: usd.id, rate: 1250 },
      { id: gbp.id, rate: 1600 },
      // Within 20 % of ₦1,180: published at once (a larger move waits, decision 049).
      { id: resting.id, rate: 1400 },
      { id: paused.id, rate: 1400 },
    ]);
    expect(published.statusCode, published.body).toBe(200);
    expect((await alertMailsTo(amaka)).map((mail) => mail.subject).sort()).toEqual([
      'Rate alert: Sheet Shop UK e-code is now ₦1,600.00 per £1',
      'Rate alert: Sheet Shop USA physical $100–$500 is now ₦1,250.00 per $1',
    ]);
    expect((await alertMailsTo(bayo)).map((mail) => mail.subject)).toEqual([
      'Rate alert: Sheet Shop UK e-code is now ₦1,600.00 per £1',
    ]);
    expect(await alertNoticesOf(amaka)).toHaveLength(2);
    expect(await alertNoticesOf(bayo)).toHaveLength(1);
    const bayoAlerts = (await alertsOf(bayo)).data;
    expect(bayoAlerts.find((a) => a.subcategory_id === paused.id)).toMatchObject({
      is_on_sale: false,
      current_rate: 1400,
      last_fired_at: null,
    });
  });
});
