import type { AuditEntry } from '@karta/shared/schemas/audit-trail';
import { auditActionLabel } from '@karta/shared/audit-actions';
import { Link } from 'react-router';
import { formatLagosDateTime } from '../../../lib/format-date';
import { auditTargetHref, auditTargetLabel } from '../audit-target';
import { AuditDiff } from './audit-diff';

/** One audited action: what, who, when, on which record (a link to it), and what changed. */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  const href = auditTargetHref(entry);
  const target = auditTargetLabel(entry);
  const label = auditActionLabel(entry.action);
  return (
    // `wrap-anywhere`: a record's values can be one long word (a storage key, a name without
    // spaces); without it one such value widened a phone's page to 500 px.
    <li className="grid gap-3 rounded-[12px] border border-line bg-white p-4 wrap-anywhere md:grid-cols-[1fr_1.6fr]">
      <div className="min-w-0">
        <h2 className="font-bold text-ink">{label}</h2>
        <p className="text-sm text-slate">
          <time dateTime={entry.created_at}>{formatLagosDateTime(entry.created_at)}</time>
          {' · '}
          {entry.actor
            ? `${entry.actor.first_name} ${entry.actor.last_name} (${entry.actor.email})`
            : 'Karta (no account)'}
        </p>
        <p className="mt-1 text-sm">
          {href ? (
            <Link
              to={href}
              aria-label={`Open ${target} (${label})`}
              className="inline-flex min-h-11 items-center font-semibold text-brand underline hover:text-brand-deep"
            >
              {target}
            </Link>
          ) : (
            <span className="text-ink">{target}</span>
          )}
        </p>
      </div>
      <AuditDiff before={entry.before} after={entry.after} />
    </li>
  );
}
