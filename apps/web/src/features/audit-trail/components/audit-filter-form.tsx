import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_NAMES,
  AUDIT_TARGET_TYPES,
  type AuditAction,
} from '@karta/shared/audit-actions';
import { useEffect, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { auditHref, hasAuditFilters, type AuditFilters } from '../audit-filters';

const GROUPS = [...new Set(AUDIT_ACTION_NAMES.map((name) => AUDIT_ACTIONS[name].group))];
const INPUT = 'min-h-11 w-full rounded-[12px] border border-line bg-white px-3 text-base text-ink';

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The actions as checkboxes by desk, folded away until wanted: there are nearly thirty. */
function ActionPicker({
  chosen,
  onChange,
}: {
  chosen: AuditAction[];
  onChange: (next: AuditAction[]) => void;
}) {
  const toggle = (name: AuditAction) => {
    onChange(chosen.includes(name) ? chosen.filter((each) => each !== name) : [...chosen, name]);
  };
  return (
    <details className="rounded-[12px] border border-line bg-white px-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-ink">
        Actions{chosen.length ? ` (${String(chosen.length)} chosen)` : ' (all)'}
      </summary>
      <div className="grid gap-4 pb-3 sm:grid-cols-2 lg:grid-cols-3">
        {GROUPS.map((group) => (
          <fieldset key={group} className="flex flex-col">
            <legend className="mb-1 text-sm font-semibold text-slate">{group}</legend>
            {AUDIT_ACTION_NAMES.filter((name) => AUDIT_ACTIONS[name].group === group).map(
              (name) => (
                <label key={name} className="flex min-h-11 items-center gap-2 text-ink">
                  <input
                    type="checkbox"
                    checked={chosen.includes(name)}
                    onChange={() => {
                      toggle(name);
                    }}
                    className="size-5 accent-brand"
                  />
                  {AUDIT_ACTIONS[name].label}
                </label>
              ),
            )}
          </fieldset>
        ))}
      </div>
    </details>
  );
}

/** Who, what, which record and which Lagos days; applying puts them in the address. */
export function AuditFilterForm({ filters }: { filters: AuditFilters }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filters);
  useEffect(() => {
    setDraft(filters);
  }, [filters]);
  const set = (key: keyof Omit<AuditFilters, 'actions'>) => (text: string) => {
    setDraft((current) => ({ ...current, [key]: text }));
  };
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(
      auditHref({ ...draft, actor: draft.actor.trim(), target_id: draft.target_id.trim() }),
    );
  };
  return (
    <form
      role="search"
      aria-label="Filter the audit trail"
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap gap-3">
        <Field label="Who (e-mail or account id)">
          {(id) => (
            <input
              id={id}
              type="search"
              value={draft.actor}
              maxLength={254}
              placeholder="ada@ or the account id"
              onChange={(event) => {
                set('actor')(event.target.value);
              }}
              className={INPUT}
            />
          )}
        </Field>
        <Field label="Record kind">
          {(id) => (
            <select
              id={id}
              value={draft.target_type}
              onChange={(event) => {
                set('target_type')(event.target.value);
              }}
              className={INPUT}
            >
              <option value="">Any</option>
              {Object.entries(AUDIT_TARGET_TYPES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Record id">
          {(id) => (
            <input
              id={id}
              value={draft.target_id}
              maxLength={64}
              onChange={(event) => {
                set('target_id')(event.target.value);
              }}
              className={`${INPUT} font-mono`}
            />
          )}
        </Field>
        <Field label="From (Lagos day)">
          {(id) => (
            <input
              id={id}
              type="date"
              value={draft.from}
              onChange={(event) => {
                set('from')(event.target.value);
              }}
              className={INPUT}
            />
          )}
        </Field>
        <Field label="To (Lagos day)">
          {(id) => (
            <input
              id={id}
              type="date"
              value={draft.to}
              onChange={(event) => {
                set('to')(event.target.value);
              }}
              className={INPUT}
            />
          )}
        </Field>
      </div>
      <ActionPicker
        chosen={draft.actions}
        onChange={(actions) => {
          setDraft((current) => ({ ...current, actions }));
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Apply filters</Button>
        {hasAuditFilters(filters) && (
          <Link
            to={auditHref({
              actor: '',
              actions: [],
              target_type: '',
              target_id: '',
              from: '',
              to: '',
            })}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline"
          >
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}
