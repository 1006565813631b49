import type { AuditState } from '@karta/shared/schemas/audit-trail';
import { useId, useState } from 'react';
import {
  compareAuditStates,
  formatAuditKey,
  formatAuditValue,
  type AuditKeyChange,
} from '../audit-values';

function ChangeLine({ change, hasBefore }: { change: AuditKeyChange; hasBefore: boolean }) {
  const { key } = change;
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="font-semibold text-ink">{formatAuditKey(key)}:</span>
      {change.isChanged && hasBefore ? (
        <>
          <del className="text-slate" aria-label={`was ${formatAuditValue(key, change.before)}`}>
            {formatAuditValue(key, change.before)}
          </del>
          <span aria-hidden="true">→</span>
          <ins className="font-semibold text-ink no-underline">
            {formatAuditValue(key, change.after)}
          </ins>
        </>
      ) : (
        <span className="text-ink">{formatAuditValue(key, change.after ?? change.before)}</span>
      )}
    </li>
  );
}

/**
 * Before and after as a reader wants them: the keys that changed with old → new (money in
 * naira, times in Lagos), the unchanged ones behind a toggle so a long record stays short.
 */
export function AuditDiff({ before, after }: { before: AuditState; after: AuditState }) {
  const [isShowingAll, setIsShowingAll] = useState(false);
  const unchangedId = useId();
  const changes = compareAuditStates(before, after);
  if (changes.length === 0) return <p className="text-sm text-slate">No details recorded.</p>;
  const hasBefore = before !== null;
  const changed = changes.filter((change) => change.isChanged);
  const unchanged = changes.filter((change) => !change.isChanged);
  return (
    <div className="flex flex-col gap-1">
      {changed.length > 0 ? (
        <ul aria-label="Changes" className="flex flex-col gap-1">
          {changed.map((change) => (
            <ChangeLine key={change.key} change={change} hasBefore={hasBefore} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate">Nothing changed.</p>
      )}
      {unchanged.length > 0 && (
        <>
          <button
            type="button"
            aria-expanded={isShowingAll}
            aria-controls={unchangedId}
            onClick={() => {
              setIsShowingAll((shown) => !shown);
            }}
            className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-brand underline hover:text-brand-deep"
          >
            {isShowingAll
              ? 'Hide unchanged details'
              : `Show ${String(unchanged.length)} unchanged ${unchanged.length === 1 ? 'detail' : 'details'}`}
          </button>
          <ul
            id={unchangedId}
            aria-label="Unchanged"
            hidden={!isShowingAll}
            className="flex flex-col gap-1"
          >
            {unchanged.map((change) => (
              <ChangeLine key={change.key} change={change} hasBefore={hasBefore} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
