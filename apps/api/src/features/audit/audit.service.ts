import {
  AUDIT_ACTOR_MATCH_CAP,
  AUDIT_COUNT_CAP,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type AuditState,
} from '@karta/shared/schemas/audit-trail';
import type { AppContext } from '../../app-context';
import { readStaleTolerant } from '../../db/read-replica';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { lagosDayRange, startOfLagosDay } from '../../lib/lagos-time';
import { pageMeta } from '../../lib/paging';
import * as audit from './audit.repository';

/** The actor filter as account ids: an id as given, or the accounts an e-mail prefix names. */
async function actorIdsOf(ctx: AppContext, actor: string | undefined) {
  if (!actor) return undefined;
  if (isUuid(actor)) return [actor];
  const ids = await readStaleTolerant(ctx, (db) =>
    audit.findActorIdsByEmailPrefix(db, actor, AUDIT_ACTOR_MATCH_CAP + 1),
  );
  if (ids.length > AUDIT_ACTOR_MATCH_CAP) {
    throw new AppError('VALIDATION', AUDIT_MESSAGES.TOO_MANY_ACTORS, { field: 'actor' });
  }
  return ids;
}

/** A day range that may be open at either end, as instants. */
const rangeOf = (from: string | undefined, to: string | undefined) => {
  if (from && to) return lagosDayRange({ from, to });
  if (from) return { from: startOfLagosDay(from) };
  if (to) return { to: lagosDayRange({ from: to, to }).to };
  return {};
};

/** Before and after are objects as the code wrote them; anything else is shown as a value. */
const stateOf = (value: unknown): AuditState =>
  value === null || value === undefined
    ? null
    : typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };

const toEntry = (row: audit.AuditRow, names: Map<string, string>): AuditEntry => ({
  id: row.id,
  action: row.action,
  actor:
    row.actor_user_id && row.email !== null
      ? {
          id: row.actor_user_id,
          first_name: row.first_name ?? '',
          last_name: row.last_name ?? '',
          email: row.email,
        }
      : null,
  target_type: row.target_type,
  target_id: row.target_id,
  target_name: names.get(row.target_id) ?? null,
  before: stateOf(row.before),
  after: stateOf(row.after),
  ip: row.ip,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The audit trail, newest first, fifty a page, counted up to AUDIT_COUNT_CAP. A trail may be a
 * moment stale: it is read from the read replica when there is a fresh one (decision 068).
 */
export async function listAuditTrail(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  const paging = { page: query.page, size: AUDIT_PAGE_SIZE };
  const actorIds = await actorIdsOf(ctx, query.actor);
  if (actorIds?.length === 0) return { data: [], meta: pageMeta(paging, 0), is_capped: false };
  const filter: audit.AuditFilter = {
    actorIds,
    actions: query.action,
    target: query.target_type && { type: query.target_type, id: query.target_id },
    ...rangeOf(query.from, query.to),
  };
  const [rows, counted] = await readStaleTolerant(ctx, (db) =>
    Promise.all([
      audit.listAuditPage(db, {
        filter,
        offset: (query.page - 1) * AUDIT_PAGE_SIZE,
        limit: AUDIT_PAGE_SIZE,
      }),
      audit.countAuditRows(db, filter, AUDIT_COUNT_CAP),
    ]),
  );
  const total = Math.min(counted, AUDIT_COUNT_CAP);
  const idsOf = (type: string) =>
    rows
      .filter((row) => row.target_type === type && isUuid(row.target_id))
      .map((row) => row.target_id);
  // Rows named "Card 117160a6", and subcategories without their card, said nothing.
  const names = await readStaleTolerant(ctx, (db) =>
    audit.findCatalogTargetNames(db, {
      cards: idsOf('gift_card'),
      subcategories: idsOf('gift_card_subcategory'),
    }),
  );
  return {
    data: rows.map((row) => toEntry(row, names)),
    meta: pageMeta(paging, total),
    is_capped: counted > AUDIT_COUNT_CAP,
  };
}
