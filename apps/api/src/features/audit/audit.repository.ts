import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../lib/like-prefix';

/** The trail's filters, resolved: actor ids rather than an e-mail prefix, instants for days. */
export interface AuditFilter {
  actorIds?: string[] | undefined;
  actions: string[];
  /** A kind of record, and one record of that kind when the id is given. */
  target?: { type: string; id?: string | undefined } | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** An audit row with its actor, as PostgreSQL returns it. */
export type AuditRow = {
  id: string;
  action: string;
  actor_user_id: string | null;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

/** Accounts whose e-mail starts with the text, at most `limit`, off the e-mail prefix index. */
export async function findActorIdsByEmailPrefix(tx: Executor, prefix: string, limit: number) {
  const found = await tx.execute<{ id: string }>(
    sql`select id from users where email like ${`${escapeLike(prefix)}%`} order by email limit ${limit}`,
  );
  return found.rows.map((row) => row.id);
}

/**
 * The filter as one or more branches, each a single key of one index (an actor, or an action,
 * or a target, or none) plus the rest as conditions. Several actors or actions become one
 * branch each: a backward scan of `(key, created_at)` per branch stops after `limit` rows,
 * where `key = any(…)` would read every match and sort it (decision 028).
 */
function branchesOf(filter: AuditFilter): SQL[] {
  const shared: SQL[] = [];
  if (filter.target) shared.push(sql`target_type = ${filter.target.type}`);
  if (filter.target?.id) shared.push(sql`target_id = ${filter.target.id}`);
  if (filter.from) shared.push(sql`created_at >= ${filter.from.toISOString()}`);
  if (filter.to) shared.push(sql`created_at < ${filter.to.toISOString()}`);
  const anyAction = sql`action in (${sql.join(
    filter.actions.map((action) => sql`${action}`),
    sql`, `,
  )})`;
  const keys: SQL[][] = filter.actorIds
    ? filter.actorIds.map((id) => [
        sql`actor_user_id = ${id}`,
        ...(filter.actions.length ? [anyAction] : []),
      ])
    : filter.actions.length && !filter.target?.id
      ? filter.actions.map((action) => [sql`action = ${action}`])
      : [filter.actions.length ? [anyAction] : []];
  return keys.map((key) => {
    const conditions = [...key, ...shared];
    return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  });
}

/** Each branch's newest `limit` rows, together: at most branches × limit rows to merge. */
const newestOf = (filter: AuditFilter, columns: SQL, limit: number) =>
  sql.join(
    branchesOf(filter).map(
      (where) =>
        sql`(select ${columns} from audit_log where ${where} order by created_at desc, id desc limit ${limit})`,
    ),
    sql` union all `,
  );

/** One page, newest first, each row with its actor's name. */
export async function listAuditPage(
  tx: Executor,
  options: { filter: AuditFilter; offset: number; limit: number },
): Promise<AuditRow[]> {
  const { filter, offset, limit } = options;
  const found = await tx.execute<AuditRow>(sql`
    with page as (
      select id, created_at from (${newestOf(filter, sql`id, created_at`, offset + limit)}) as newest
      order by created_at desc, id desc offset ${offset} limit ${limit}
    )
    select a.id, a.action, a.actor_user_id, a.target_type, a.target_id, a.before, a.after, a.ip,
           a.created_at, u.first_name, u.last_name, u.email
    from page join audit_log a on a.id = page.id
    left join users u on u.id = a.actor_user_id
    order by page.created_at desc, page.id desc`);
  return found.rows;
}

/**
 * How many rows match, counted up to `cap + 1`: more than `cap` is all the trail says. No order
 * is needed to count, so each branch may stop at any `cap + 1` rows, off the index alone.
 */
export async function countAuditRows(tx: Executor, filter: AuditFilter, cap: number) {
  const branches = branchesOf(filter).map(
    (where) => sql`(select 1 from audit_log where ${where} limit ${cap + 1})`,
  );
  const found = await tx.execute<{ total: number }>(sql`
    select count(*)::int as total from (
      select 1 from (${sql.join(branches, sql` union all `)}) as matching limit ${cap + 1}
    ) as counted`);
  return found.rows[0]?.total ?? 0;
}

/**
 * The names of the catalog records a page of rows is about, as they are now: a card's name, and
 * a subcategory's with its card's ("Amazon › USA physical"). By primary key, one query for the
 * page; ids that are not uuids (none should be) are left out, not cast.
 */
export async function findCatalogTargetNames(
  tx: Executor,
  ids: { cards: string[]; subcategories: string[] },
): Promise<Map<string, string>> {
  if (ids.cards.length === 0 && ids.subcategories.length === 0) return new Map();
  const asArray = (list: string[]) =>
    sql`array[${sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`;
  const cards = ids.cards.length ? ids.cards : ['00000000-0000-0000-0000-000000000000'];
  const subcategories = ids.subcategories.length
    ? ids.subcategories
    : ['00000000-0000-0000-0000-000000000000'];
  const found = await tx.execute<{ id: string; name: string }>(sql`
    select g.id::text as id, g.name as name from gift_cards g where g.id = any(${asArray(cards)})
    union all
    select s.id::text, g.name || ' › ' || s.name
    from gift_card_subcategories s join gift_cards g on g.id = s.gift_card_id
    where s.id = any(${asArray(subcategories)})`);
  return new Map(found.rows.map((row) => [row.id, row.name]));
}
