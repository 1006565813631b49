import { Link, useLocation, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useGetDeskWithdrawalQuery } from '../api';
import { DeskWithdrawalView } from './desk-withdrawal-view';
import { consolePaths } from '../../../config/console-paths';
import { LoadError } from '../../../components/ui/load-error';

/** "Back" returns to the tab, search and page the withdrawal was opened from. */
function backLink(state: unknown) {
  const from = (state as { from?: unknown } | null)?.from;
  const desk = consolePaths.withdrawals.getHref();
  return {
    to: typeof from === 'string' && from.startsWith(desk) ? from : desk,
    label: 'Back to the money desk',
  };
}

/** One withdrawal on the desk, fetched fresh each time it opens (payouts move on their own). */
export function DeskWithdrawalDetail() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { currentData, error, isFetching, refetch } = useGetDeskWithdrawalQuery(id, {
    skip: !id,
    refetchOnMountOrArgChange: true,
  });

  if (currentData) {
    return (
      <DeskWithdrawalView withdrawal={currentData} back={backLink(location.state as unknown)} />
    );
  }
  if (error && 'status' in error && error.status === 404) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center rounded-[12px] bg-white px-6 py-10 text-center">
        <h1 className="text-2xl font-bold text-ink">We could not find this withdrawal</h1>
        <p className="mt-2 text-slate">Check the link, or search for it on the money desk.</p>
        <Link
          to={consolePaths.withdrawals.getHref()}
          className="mt-6 inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
        >
          Back to the money desk
        </Link>
      </section>
    );
  }
  if (error && !isFetching) {
    return (
      <LoadError message="We could not load this withdrawal." onRetry={() => void refetch()} />
    );
  }
  return <Spinner label="Loading the withdrawal..." className="self-center py-8" />;
}
