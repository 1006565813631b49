import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import { formatKoboForPeople, koboToNaira } from '@karta/shared/money';
import { rateMovePercent } from '@karta/shared/rate-four-eyes';
import { rateSheetLabel } from '@karta/shared/rate-sheet';
import type { PageQuery } from '@karta/shared/schemas/common';
import {
  RATE_CHANGE_MESSAGES,
  type RateChangeRequest,
  type WaitingRateChange,
} from '@karta/shared/schemas/rate-change-requests';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, recordAudits, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { offsetOf, pageMeta } from '../../lib/paging';
import { checkSecondApprover } from '../../lib/second-approver';
import { fireRateAlerts, mailFiredRateAlerts } from '../rate-alerts/rate-alerts.service';
import { toAdminSubcategoryView } from './admin-views';
import * as admin from './catalog-admin.repository';
import type { SubcategoryRow } from './catalog.repository';
import { publishRate } from './publish-rate';
import * as requests from './rate-change-requests.repository';

/**
 * Rates that wait for a second person (decision 049). A rate more than RATE_FOUR_EYES_PERCENT
 * from the rate in force is locked into every trade submitted after it, so a typo there costs
 * more than any one credit: it is asked for here, and published only when another staff member
 * confirms it, from the rate it was asked against.
 */

const TARGET_TYPE = 'gift_card_subcategory';

/** A rate a publish asked for that moves too far: the subcategory as it is, and the new rate. */
export interface HeldRate {
  before: SubcategoryRow;
  toKobo: bigint;
}

/**
 * Writes the held rates as waiting requests, in the publish's transaction (which holds their
 * subcategories' row locks): each replaces an older waiting request for its subcategory, and
 * each is audited. Three statements however many wait. Answers each one by subcategory id.
 */
export async function askForSecondApproval(
  tx: Executor,
  options: { actor: Actor; at: Date; held: HeldRate[] },
): Promise<Map<string, WaitingRateChange>> {
  const { actor, at, held } = options;
  if (held.length === 0) return new Map();
  const replaced = await requests.supersedeWaiting(tx, {
    subcategoryIds: held.map(({ before }) => before.id),
    byUserId: actor.userId,
    at,
  });
  const replacedBySubcategory = new Map(replaced.map((row) => [row.subcategoryId, row.id]));
  const rows = await requests.insertRequests(
    tx,
    held.map(({ before, toKobo }) => ({
      subcategoryId: before.id,
      fromKobo: before.rateKobo,
      toKobo,
      requestedByUserId: actor.userId,
      createdAt: at,
    })),
  );
  const waiting = new Map(
    rows.map((row) => [
      row.subcategoryId,
      {
        id: row.id,
        rate: koboToNaira(row.toKobo),
        percent: rateMovePercent(row.fromKobo, row.toKobo),
      },
    ]),
  );
  await recordAudits(
    tx,
    rows.map((row) => ({
      actor,
      action: 'catalog.rate_change.requested',
      targetType: TARGET_TYPE,
      targetId: row.subcategoryId,
      before: { rate: koboToNaira(row.fromKobo) },
      after: {
        rate: koboToNaira(row.toKobo),
        status: 'waiting',
        rate_change_id: row.id,
        replaces: replacedBySubcategory.get(row.subcategoryId) ?? null,
      },
    })),
  );
  return waiting;
}

const toRequestView = (row: requests.RateChangeRequestViewRow): RateChangeRequest => {
  const { request } = row;
  return {
    id: request.id,
    subcategory_id: request.subcategoryId,
    card_name: row.cardName,
    subcategory_name: row.subcategoryName,
    label: rateSheetLabel(row.cardName, row.subcategoryName),
    currency: row.currency,
    from_rate: koboToNaira(request.fromKobo),
    to_rate: koboToNaira(request.toKobo),
    current_rate: koboToNaira(row.currentKobo),
    percent: rateMovePercent(request.fromKobo, request.toKobo),
    status: request.status,
    requested_by: { id: request.requestedByUserId, name: row.requesterName },
    requested_at: request.createdAt.toISOString(),
    decided_by:
      request.decidedByUserId === null
        ? null
        : { id: request.decidedByUserId, name: row.deciderName ?? '' },
    decided_at: request.decidedAt?.toISOString() ?? null,
    return_reason: request.returnReason,
  };
};

/** `GET /admin/catalog/rate_changes`: the waiting requests, oldest first. */
export async function listWaitingRateChanges(ctx: AppContext, page: PageQuery) {
  const { rows, total } = await requests.listWaitingViews(ctx.db, {
    limit: page.size,
    offset: offsetOf(page),
  });
  return { data: rows.map(toRequestView), meta: pageMeta(page, total) };
}

const notFound = () => new AppError('NOT_FOUND', RATE_CHANGE_MESSAGES.NOT_FOUND, { field: 'id' });

const DECIDED_WORDS = {
  confirmed: 'This rate change has already been confirmed.',
  returned: 'This rate change has already been sent back.',
  superseded: 'A newer rate asked for this subcategory replaced this change.',
} as const;

/** Only a waiting request is decided; anything else is 409 in words. */
function checkWaiting(request: requests.RateChangeRequestRow) {
  if (request.status !== 'waiting') {
    throw new AppError('CONFLICT', DECIDED_WORDS[request.status], {
      domainCode: 'ALREADY_DECIDED',
      field: 'id',
    });
  }
}

/**
 * `POST /admin/catalog/rate_changes/{id}/confirm`: a second staff member publishes the rate
 * asked for, exactly as a publish does (rate, history under the requester's name, the alerts it
 * reaches, mails after the commit), audited under the confirmer with the requester named. The
 * subcategory is locked before the request, the order a publish takes them in; refused when
 * the request is decided, the confirmer is not a second pair of eyes, or the rate in force has
 * moved since it was asked (the move was judged against that rate).
 */
export async function confirmRateChange(
  ctx: AppContext,
  options: { actor: Actor; requestId: string },
): Promise<RateChangeRequest> {
  const { actor, requestId } = options;
  const { view, fired } = await ctx.db.transaction(async (tx) => {
    const found = isUuid(requestId) ? await requests.findRequest(tx, requestId) : undefined;
    if (!found) throw notFound();
    const [subcategory] = await admin.lockSubcategories(tx, [found.subcategoryId]);
    const request = await requests.lockRequest(tx, requestId);
    if (!subcategory || !request) throw notFound();
    checkWaiting(request);
    await checkSecondApprover(tx, {
      firstUserId: request.requestedByUserId,
      secondUserId: actor.userId,
      sameMessage: FOUR_EYES_MESSAGES.SAME_RATE_REQUESTER,
    });
    if (subcategory.rateKobo !== request.fromKobo) {
      throw new AppError(
        'CONFLICT',
        `The rate in force has moved from ${formatKoboForPeople(request.fromKobo)} to ${formatKoboForPeople(subcategory.rateKobo)} since this change was asked for, so it cannot be confirmed. Send it back, and ask again from the rate in force.`,
        { domainCode: 'STALE', field: 'id' },
      );
    }
    const at = ctx.clock.now();
    const row = await publishRate(tx, {
      subcategoryId: subcategory.id,
      rateKobo: request.toKobo,
      changedByUserId: request.requestedByUserId,
      at,
    });
    await requests.decideRequest(tx, request.id, {
      status: 'confirmed',
      byUserId: actor.userId,
      at,
    });
    await recordAudit(tx, {
      actor,
      action: 'catalog.rate_change.confirmed',
      targetType: TARGET_TYPE,
      targetId: subcategory.id,
      before: toAdminSubcategoryView(subcategory),
      after: {
        ...toAdminSubcategoryView(row),
        rate_change_id: request.id,
        requested_by: request.requestedByUserId,
      },
    });
    const changes = [
      { subcategoryId: subcategory.id, fromKobo: subcategory.rateKobo, toKobo: request.toKobo },
    ];
    return {
      view: toRequestView(await requests.findRequestView(tx, request.id)),
      fired: await fireRateAlerts(tx, { changes, at }),
    };
  });
  await mailFiredRateAlerts(ctx, fired);
  return view;
}

/**
 * `POST /admin/catalog/rate_changes/{id}/return`: the rate is not published and the request
 * ends with the reason. Anyone may send it back, the one who asked included: it publishes
 * nothing, and someone who spots their own typo should not need a colleague to withdraw it.
 */
export async function returnRateChange(
  ctx: AppContext,
  options: { actor: Actor; requestId: string; reason: string },
): Promise<RateChangeRequest> {
  const { actor, requestId, reason } = options;
  return ctx.db.transaction(async (tx) => {
    const request = isUuid(requestId) ? await requests.lockRequest(tx, requestId) : undefined;
    if (!request) throw notFound();
    checkWaiting(request);
    const at = ctx.clock.now();
    await requests.decideRequest(tx, request.id, {
      status: 'returned',
      byUserId: actor.userId,
      at,
      returnReason: reason,
    });
    await recordAudit(tx, {
      actor,
      action: 'catalog.rate_change.returned',
      targetType: TARGET_TYPE,
      targetId: request.subcategoryId,
      before: { status: 'waiting' },
      after: {
        status: 'returned',
        rate: koboToNaira(request.toKobo),
        rate_change_id: request.id,
        return_reason: reason,
      },
    });
    return toRequestView(await requests.findRequestView(tx, request.id));
  });
}
