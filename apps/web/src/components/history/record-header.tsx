import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge, type Status } from '../ui/status-badge';

export interface RecordHeaderProps {
  /** Where "back" goes: the list the user came from, with its filters. */
  back: { to: string; label: string };
  title: ReactNode;
  subtitle: ReactNode;
  status: Status;
  /** Shown instead of the status badge, when one badge does not say where the record stands. */
  badges?: ReactNode;
  /** Extra classes for the subtitle, such as `money` for figures. */
  subtitleClassName?: string;
}

/** The top of a trade's or a withdrawal's page: back to the list, what it is, its status. */
export function RecordHeader({
  back,
  title,
  subtitle,
  status,
  badges,
  subtitleClassName = '',
}: RecordHeaderProps) {
  return (
    <>
      <Link
        to={back.to}
        className="self-start font-semibold text-brand underline hover:text-brand-deep"
      >
        <span aria-hidden="true">← </span>
        {back.label}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* min-w-0 and wrap-anywhere: a reference such as wd_… is one long word, which would
            otherwise widen the page on a phone. */}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold wrap-anywhere text-ink md:text-3xl">{title}</h1>
          <p className={`mt-1 text-slate ${subtitleClassName}`.trim()}>{subtitle}</p>
        </div>
        {badges ?? <StatusBadge status={status} className="text-base" />}
      </div>
    </>
  );
}
