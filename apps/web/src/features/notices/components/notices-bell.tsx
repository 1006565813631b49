import type { Notice } from '@karta/shared/schemas/notices';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { DashboardIcon } from '../../../components/layouts/dashboard-icons';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { formatLagosDateTime } from '../../../lib/format-date';
import { useEscapeKey } from '../../../lib/use-focus-trap';
import { useRefetchOnFocus } from '../../../lib/use-refetch-on-focus';
import { useIsLive } from '../../../lib/live-events/live-status';
import { useGetNoticesQuery, useReadNoticesMutation } from '../api';

/** How often the header asks for the unread count while the tab is in view. */
export const NOTICES_POLL_MS = 30_000;

const subscribeToVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
  };
};
const isTabVisible = () => document.visibilityState === 'visible';

const badgeOf = (unread: number) => (unread > 9 ? '9+' : String(unread));
/**
 * "Notices, 3 unread": the name says what the badge shows (label in name, WCAG 2.5.3), and
 * above nine the exact count after it ("Notices, 9+ unread (12)").
 */
const nameOf = (unread: number) => {
  if (unread === 0) return 'Notices';
  const shown = badgeOf(unread);
  return unread > 9 ? `Notices, ${shown} unread (${String(unread)})` : `Notices, ${shown} unread`;
};

/**
 * The bell in the dashboard header (decision 040): the unread count, asked for every
 * 30 s while the tab is visible and again when it comes back; opening it lists the newest
 * notices and marks them all read on the server, so the count drops to 0. What was unread when
 * it opened stays marked "New" until it closes.
 */
export function NoticesBell({ userId }: { userId: string }) {
  const isVisible = useSyncExternalStore(subscribeToVisibility, isTabVisible, () => true);
  // The live stream tells of each new notice (decision 069); polling only while it is down.
  const isLive = useIsLive();
  const { data, isError, isFetching, refetch } = useGetNoticesQuery(userId, {
    pollingInterval: isVisible && !isLive ? NOTICES_POLL_MS : 0,
  });
  const [readNotices] = useReadNoticesMutation();
  const [isOpen, setIsOpen] = useState(false);
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const unread = data?.unread_count ?? 0;

  useRefetchOnFocus(refetch);
  // Polling stops while the tab is hidden; coming back asks at once, not up to 30 s later.
  const wasVisible = useRef(isVisible);
  useEffect(() => {
    if (isVisible && !wasVisible.current) void refetch();
    wasVisible.current = isVisible;
  }, [isVisible, refetch]);

  const markUnread = (notices: Notice[]) => {
    const ids = notices.filter((notice) => !notice.is_read).map((notice) => notice.id);
    if (ids.length > 0) setNewIds((before) => new Set([...before, ...ids]));
  };

  /** The newest list, then everything read: what the seller sees is what is marked. */
  const load = async () => {
    const fresh = (await refetch()).data;
    if (!fresh) return;
    markUnread(fresh.data);
    if (fresh.unread_count > 0) void readNotices(userId);
  };

  const open = () => {
    if (data) markUnread(data.data);
    setIsOpen(true);
    void load();
  };

  const close = useCallback((returnFocus: boolean) => {
    setIsOpen(false);
    setNewIds(new Set());
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEscapeKey(isOpen, () => {
    close(true);
  });

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapperRef.current?.contains(event.target)) {
        close(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, close]);

  return (
    <div
      ref={wrapperRef}
      className="relative"
      // Not a modal: Tab may leave the panel, and the panel then closes behind it.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (isOpen && next instanceof Node && !event.currentTarget.contains(next)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={nameOf(unread)}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => {
          if (isOpen) close(false);
          else open();
        }}
        className="relative flex h-11 w-11 items-center justify-center rounded-[12px] text-ink hover:bg-mist"
      >
        <DashboardIcon name="bell" className="h-6 w-6" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notices-badge"
            className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rejected px-1 text-xs leading-none font-bold text-white tabular-nums"
          >
            {badgeOf(unread)}
          </span>
        )}
      </button>
      {isOpen && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="fixed inset-x-2 top-[4.25rem] z-50 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-[12px] border border-line bg-white shadow-lg focus:outline-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-2">
            <h2 id={headingId} className="text-base font-bold text-ink">
              Notices
            </h2>
            <button
              type="button"
              aria-label="Close notices"
              onClick={() => {
                close(true);
              }}
              className="flex h-11 w-11 items-center justify-center rounded-[12px] text-slate hover:bg-mist"
            >
              <DashboardIcon name="close" className="h-5 w-5" />
            </button>
          </div>
          <div className="overflow-y-auto">
            <NoticesPanelBody
              notices={data?.data}
              newIds={newIds}
              isError={isError && !isFetching}
              isLoading={!data && isFetching}
              onRetry={() => void load()}
              onFollow={() => {
                close(false);
              }}
            />
          </div>
        </div>
      )}
    </div>
  );
}

interface NoticesPanelBodyProps {
  notices: Notice[] | undefined;
  newIds: ReadonlySet<string>;
  isError: boolean;
  isLoading: boolean;
  onRetry: () => void;
  onFollow: () => void;
}

function NoticesPanelBody({
  notices,
  newIds,
  isError,
  isLoading,
  onRetry,
  onFollow,
}: NoticesPanelBodyProps) {
  if (isError && !notices) {
    return (
      <div className="p-4">
        <LoadError message="We could not load your notices." onRetry={onRetry} />
      </div>
    );
  }
  if (isLoading || !notices) {
    return (
      <div className="flex justify-center p-6">
        <Spinner label="Loading notices" />
      </div>
    );
  }
  if (notices.length === 0) {
    return (
      <div className="px-4 py-8 text-center">
        <p className="font-semibold text-ink">No notices yet</p>
        <p className="mt-1 text-sm text-slate">
          When a trade is decided or a withdrawal is paid, we tell you here.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Newest first">
      {notices.map((notice) => (
        <NoticeItem
          key={notice.id}
          notice={notice}
          isNew={newIds.has(notice.id) || !notice.is_read}
          onFollow={onFollow}
        />
      ))}
    </ul>
  );
}

function NoticeItem({
  notice,
  isNew,
  onFollow,
}: {
  notice: Notice;
  isNew: boolean;
  onFollow: () => void;
}) {
  const content = (
    <>
      <span className="flex items-start gap-2">
        {isNew && (
          <span className="mt-0.5 shrink-0 rounded-full bg-processing-bg px-2 text-xs font-semibold text-processing">
            New
          </span>
        )}
        <span className="font-semibold text-ink">{notice.title}</span>
      </span>
      <span className="mt-1 block text-sm text-slate">{notice.body}</span>
      <time dateTime={notice.created_at} className="mt-1 block text-xs text-slate">
        {formatLagosDateTime(notice.created_at)}
      </time>
    </>
  );
  const tone = isNew ? 'bg-brand/5' : '';
  return (
    <li className="border-b border-line last:border-b-0">
      {notice.link ? (
        <Link
          to={notice.link}
          onClick={onFollow}
          className={`block px-4 py-3 hover:bg-mist ${tone}`}
        >
          {content}
        </Link>
      ) : (
        <div className={`px-4 py-3 ${tone}`}>{content}</div>
      )}
    </li>
  );
}
