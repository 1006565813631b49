import { useCallback, useMemo, useState } from 'react';
import { ratePublishSummary } from '@karta/shared/schemas/rate-change-requests';
import type { RateSheetFilter, RateSheetRow } from '@karta/shared/schemas/rate-sheet';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { toast } from '../../../lib/toast';
import { useGetRateSheetInfiniteQuery, usePublishRatesMutation } from '../api';
import { invalidRows, listChanges, setDraftRate, type RateDraft } from '../rate-draft';
import { ExportSheetButton } from './export-sheet-button';
import { PasteProblems } from './paste-problems';
import { PasteSheetDialog, type PastedDraft } from './paste-sheet-dialog';
import { RateReview } from './rate-review';
import { RateSheetFilters } from './rate-sheet-filters';
import { RateSheetTable } from './rate-sheet-table';
import { WaitingRateChanges } from './waiting-rate-changes';

const NO_DRAFT: RateDraft = new Map();

/**
 * `/console/rates`: the morning rate sheet (decision 029). Rates are edited inline or pasted from
 * a spreadsheet into a draft; the review shows every change and publishes them all in one
 * all-or-nothing call. Nothing reaches sellers before Publish; a rate that moves more than
 * RATE_FOUR_EYES_PERCENT waits in the list above the sheet for a second person (decision 049).
 */
export function RateSheetPage() {
  const [filter, setFilter] = useState<RateSheetFilter>({});
  const [draft, setDraft] = useState<RateDraft>(NO_DRAFT);
  const [isReviewing, setIsReviewing] = useState(false);
  const [isPasting, setIsPasting] = useState(false);
  const [problems, setProblems] = useState<PastedDraft['problems']>([]);
  const sheet = useGetRateSheetInfiniteQuery(filter);
  const [publish, { isLoading: isPublishing }] = usePublishRatesMutation();

  const rows = useMemo(() => sheet.data?.pages.flatMap((page) => page.data) ?? [], [sheet.data]);
  const total = sheet.data?.pages[0]?.meta.total ?? 0;
  const changes = useMemo(() => listChanges(draft), [draft]);
  const broken = invalidRows(draft);
  const { fetchNextPage } = sheet;
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  const editRate = useCallback((row: RateSheetRow, text: string) => {
    setDraft((current) => setDraftRate(current, row, text));
  }, []);
  const fillFromPaste = ({ rates, problems: unused }: PastedDraft) => {
    setDraft((current) =>
      rates.reduce((next, { entry, text }) => setDraftRate(next, entry, text), current),
    );
    setProblems(unused);
    setIsPasting(false);
    toast.success(`${String(rates.length)} pasted ${rates.length === 1 ? 'rate' : 'rates'} read.`);
  };
  const cancel = () => {
    setDraft(NO_DRAFT);
    setProblems([]);
    setIsReviewing(false);
  };
  const publishAll = () => {
    publish(changes.map(({ entry, newKobo }) => ({ id: entry.id, kobo: newKobo })))
      .unwrap()
      .then(
        (lines) => {
          // Lines that moved too far wait for a second person (decision 049), listed above.
          const waiting = lines.filter((line) => line.waiting_rate_change).length;
          toast.success(ratePublishSummary(changes.length - waiting, waiting));
          cancel();
        },
        // The API client toasts the error envelope's message; the draft stays to try again.
        () => undefined,
      );
  };

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-ink">Rate sheet</h1>
      {isReviewing ? (
        <RateReview
          changes={changes}
          isPublishing={isPublishing}
          onPublish={publishAll}
          onBack={() => {
            setIsReviewing(false);
          }}
          onCancel={cancel}
        />
      ) : (
        <>
          <p className="text-slate">
            Change rates in the table or paste tomorrow&apos;s sheet, then review and publish them
            together. Sellers see nothing until you publish.
          </p>
          <WaitingRateChanges />
          <div className="flex flex-wrap items-end justify-between gap-3">
            <RateSheetFilters filter={filter} onApply={setFilter} />
            <div className="flex flex-wrap gap-3">
              <Button
                variant="secondary"
                onClick={() => {
                  setIsPasting(true);
                }}
              >
                Paste a rate sheet
              </Button>
              <ExportSheetButton filter={filter} />
            </div>
          </div>
          {problems.length > 0 && (
            <PasteProblems
              problems={problems}
              onDismiss={() => {
                setProblems([]);
              }}
            />
          )}
          {draft.size > 0 && (
            <div
              role="region"
              aria-label="Draft"
              className="flex flex-wrap items-center gap-3 rounded-[12px] bg-white p-3"
            >
              <p className="font-medium text-ink" aria-live="polite">
                {changes.length} {changes.length === 1 ? 'rate' : 'rates'} changed in the draft
                {broken.length > 0 && (
                  <span className="text-rejected">
                    {' '}
                    · {broken.length} {broken.length === 1 ? 'is not a rate' : 'are not rates'}{' '}
                    (above ₦0, at most 2 decimals)
                  </span>
                )}
              </p>
              <Button
                disabled={changes.length === 0 || broken.length > 0}
                onClick={() => {
                  setIsReviewing(true);
                }}
              >
                Review changes
              </Button>
              <Button variant="ghost" onClick={cancel}>
                Cancel the draft
              </Button>
            </div>
          )}
          {sheet.isLoading ? (
            <ListSkeleton label="Loading the rate sheet" />
          ) : sheet.isError && rows.length === 0 ? (
            <LoadError
              message="We could not load the rate sheet."
              onRetry={() => void sheet.refetch()}
              isRetrying={sheet.isFetching}
            />
          ) : rows.length === 0 ? (
            <EmptyState title="No subcategories match">
              Change the filters, or add subcategories in the catalog.
            </EmptyState>
          ) : (
            <RateSheetTable
              rows={rows}
              total={total}
              draft={draft}
              onRateChange={editRate}
              hasMore={sheet.hasNextPage}
              isLoadingMore={sheet.isFetchingNextPage}
              onLoadMore={loadMore}
            />
          )}
        </>
      )}
      <PasteSheetDialog
        isOpen={isPasting}
        onClose={() => {
          setIsPasting(false);
        }}
        onFill={fillFromPaste}
      />
    </div>
  );
}
