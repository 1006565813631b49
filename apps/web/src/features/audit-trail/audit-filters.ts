import { AUDIT_COUNT_CAP, AUDIT_PAGE_SIZE } from '@karta/shared/schemas/audit-trail';
import { isAuditAction, type AuditAction } from '@karta/shared/audit-actions';
import { consolePaths } from '../../config/console-paths';

/** The trail's filters as the address holds them (so a filtered view can be shared). */
export interface AuditFilters {
  actor: string;
  actions: AuditAction[];
  target_type: string;
  target_id: string;
  from: string;
  to: string;
}

const MAX_PAGE = AUDIT_COUNT_CAP / AUDIT_PAGE_SIZE;

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  return {
    actor: text('actor'),
    actions: text('action').split(',').filter(isAuditAction),
    target_type: text('target_type'),
    target_id: text('target_id'),
    from: text('from'),
    to: text('to'),
  };
}

/** A page number from the address: 1 unless it is a whole number the trail pages to. */
export function readAuditPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

export const auditHref = (filters: AuditFilters, page = 1) =>
  consolePaths.audit.getHref({
    actor: filters.actor,
    action: filters.actions.join(','),
    target_type: filters.target_type,
    target_id: filters.target_id,
    from: filters.from,
    to: filters.to,
    page,
  });

export const hasAuditFilters = (filters: AuditFilters) =>
  Boolean(
    filters.actor ||
    filters.actions.length ||
    filters.target_type ||
    filters.target_id ||
    filters.from ||
    filters.to,
  );
