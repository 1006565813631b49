import { useEffect, useState } from 'react';
import { RATE_FOUR_EYES_PERCENT } from '@karta/shared/constants';
import { signedPercent } from '@karta/shared/rate-four-eyes';
import type { RateChangeRequest } from '@karta/shared/schemas/rate-change-requests';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { formatNaira } from '../../../lib/format-money';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import { useConfirmRateChangeMutation, useGetWaitingRateChangesQuery } from '../api';
import { SendBackDialog } from './send-back-dialog';
import { WaitingRateChangeItem } from './waiting-rate-change-item';

/**
 * The rates that wait for a second staff member (decision 049), beside the sheet that asked
 * for them: oldest first, ten at a time, each confirmed (published at once) or sent back with
 * a reason. Everyone who works the sheet sees the list, so a colleague can take the second look.
 */
export function WaitingRateChanges() {
  const [page, setPage] = useState(1);
  const userId = useAppSelector(selectUser)?.id ?? '';
  const waiting = useGetWaitingRateChangesQuery({ page });
  const [confirm, { isLoading: isConfirming }] = useConfirmRateChangeMutation();
  const [confirming, setConfirming] = useState<RateChangeRequest>();
  const [sendingBack, setSendingBack] = useState<RateChangeRequest>();

  const rows = waiting.data?.data ?? [];
  const meta = waiting.data?.meta;
  // The last item of a page decided: show the page before, which still has some.
  const isPageEmptied = meta !== undefined && rows.length === 0 && page > 1;
  useEffect(() => {
    if (isPageEmptied) setPage((current) => current - 1);
  }, [isPageEmptied]);

  const confirmIt = () => {
    if (!confirming) return;
    confirm(confirming.id)
      .unwrap()
      .then(
        (answer) => {
          toast.success(answer.message);
        },
        // The API client toasts the refusal (the rate moved, someone decided first).
        () => undefined,
      )
      .finally(() => {
        setConfirming(undefined);
      });
  };

  return (
    <section
      aria-labelledby="waiting-rates-title"
      aria-busy={waiting.isFetching || undefined}
      className="flex flex-col gap-3 rounded-[12px] bg-white p-4 md:p-6"
    >
      <div>
        <h2 id="waiting-rates-title" className="text-xl font-bold text-ink">
          Waiting for a second approval{meta && meta.total > 0 ? ` (${String(meta.total)})` : ''}
        </h2>
        <p className="mt-1 text-sm text-slate">
          Rates that move more than {RATE_FOUR_EYES_PERCENT} % are published only when a second
          staff member confirms them. Sellers keep the rate in force until then.
        </p>
      </div>
      {waiting.isLoading ? (
        <ListSkeleton label="Loading the rates waiting for a second approval" rowHeight="h-16" />
      ) : waiting.isError && rows.length === 0 ? (
        <LoadError
          message="We could not load the rates waiting for a second approval."
          onRetry={() => void waiting.refetch()}
          isRetrying={waiting.isFetching}
        />
      ) : rows.length === 0 ? (
        <p className="rounded-[12px] border border-dashed border-line p-4 text-slate">
          No rates are waiting for a second approval.
        </p>
      ) : (
        <ul aria-label="Rates waiting for a second approval" className="flex flex-col gap-3">
          {rows.map((change) => (
            <WaitingRateChangeItem
              key={change.id}
              change={change}
              userId={userId}
              onConfirm={setConfirming}
              onSendBack={setSendingBack}
            />
          ))}
        </ul>
      )}
      {meta && meta.totalPages > 1 && (
        <nav aria-label="Pages of waiting rates" className="flex flex-wrap items-center gap-3">
          <Button
            variant="ghost"
            disabled={page <= 1}
            onClick={() => {
              setPage(page - 1);
            }}
          >
            Previous
          </Button>
          <span className="text-sm text-slate" aria-live="polite">
            Page {page} of {meta.totalPages}
          </span>
          <Button
            variant="ghost"
            disabled={page >= meta.totalPages}
            onClick={() => {
              setPage(page + 1);
            }}
          >
            Next
          </Button>
        </nav>
      )}
      <ConfirmDialog
        isOpen={confirming !== undefined}
        onClose={() => {
          if (!isConfirming) setConfirming(undefined);
        }}
        title="Publish this rate?"
        description="Sellers see it at once, and every trade submitted after it gets it."
        summary={
          confirming && (
            <>
              <p className="font-semibold text-ink">{confirming.label}</p>
              <p className="tabular-nums text-ink">
                {formatNaira(confirming.from_rate)} →{' '}
                <strong>{formatNaira(confirming.to_rate)}</strong>{' '}
                <span className="font-bold text-rejected">{signedPercent(confirming.percent)}</span>
              </p>
              <p className="text-slate">Asked by {confirming.requested_by.name}</p>
            </>
          )
        }
        confirmLabel="Confirm and publish"
        loadingText="Publishing..."
        variant="primary"
        isBusy={isConfirming}
        onConfirm={confirmIt}
      />
      <SendBackDialog
        change={sendingBack}
        onClose={() => {
          setSendingBack(undefined);
        }}
      />
    </section>
  );
}
