import { useState, type SubmitEventHandler } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SELLER_PAGE_SIZE, SELLER_SEARCH_CAP } from '@karta/shared/schemas/sellers-desk';
import { Pagination } from '../../../components/history/pagination';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { formatLagosDateTime } from '../../../lib/format-date';
import { useSearchSellersQuery } from '../api';
import { AccountStatusBadge } from '../seller-status';
import { consolePaths } from '../../../config/console-paths';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { EmptyState } from '../../../components/ui/empty-state';
import { readPage } from '../../../lib/list-query';

/**
 * The sellers desk: a search by e-mail, phone, name or referral code (the start of any of
 * them, any case), twenty a page, newest accounts first. The search and page live in the
 * address, so Back and a reload keep them.
 */
export function SellerSearch() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const q = searchParams.get('q')?.trim() ?? '';
  const page = readPage(searchParams.get('page'));
  const [text, setText] = useState(q);
  // Back and Forward change the search in the address: the field follows (React's pattern for
  // state derived from a changed input, adjusted during render).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  const [hint, setHint] = useState<string>();
  const isSearching = q.length >= 2;
  const { currentData, isError, isFetching, refetch } = useSearchSellersQuery(
    { q, page },
    { skip: !isSearching, refetchOnMountOrArgChange: true },
  );

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    const next = text.trim();
    if (next.length < 2) {
      setHint('Type at least 2 characters to search');
      return;
    }
    setHint(undefined);
    void navigate(consolePaths.sellers.getHref({ q: next }));
  };

  const body = () => {
    if (!isSearching) {
      return (
        <p className="rounded-[12px] border border-dashed border-line bg-white px-6 py-10 text-center text-slate">
          Search for a seller by the start of their e-mail, phone number, name or referral code.
        </p>
      );
    }
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not search the sellers."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined)
      return <ListSkeleton label="Searching sellers" rowHeight="h-16" />;
    const { total, totalPages } = currentData.meta;
    if (total === 0) {
      return (
        <EmptyState title="No sellers found">
          <p className="mt-2 text-slate">
            Nobody’s e-mail, phone, name or referral code starts with “{q}”.
          </p>
        </EmptyState>
      );
    }
    const first = (page - 1) * SELLER_PAGE_SIZE + 1;
    const last = first + currentData.data.length - 1;
    return (
      <div className="flex flex-col gap-4">
        <p aria-live="polite" className="text-sm text-slate">
          {currentData.data.length === 0
            ? `No more sellers on this page.`
            : `Showing ${String(first)}–${String(last)} of ${currentData.is_capped ? `more than ${String(SELLER_SEARCH_CAP)}` : String(total)} sellers`}
          {currentData.is_capped && ': type more of the name, e-mail or number to narrow it.'}
        </p>
        <ul aria-label="Sellers found" className="flex flex-col gap-2">
          {currentData.data.map((seller) => (
            <li key={seller.id}>
              <Link
                to={consolePaths.seller.getHref(seller.id)}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-[12px] border border-line bg-white px-4 py-3 hover:border-brand"
              >
                <span className="font-semibold text-ink">
                  {seller.first_name} {seller.last_name}
                </span>
                <span className="text-sm text-slate">{seller.email}</span>
                <span className="text-sm text-slate">{seller.mobile_number ?? 'No phone'}</span>
                <span className="font-mono text-sm text-slate">{seller.referral_code}</span>
                {seller.role !== 'user' && (
                  <span className="text-sm font-semibold text-brand-deep">
                    {seller.role === 'admin' ? 'Admin' : 'Operator'}
                  </span>
                )}
                <span className="ml-auto flex items-center gap-3">
                  <span className="text-sm text-slate">
                    Joined {formatLagosDateTime(seller.created_at)}
                  </span>
                  <AccountStatusBadge status={seller.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Pagination
          label="Seller pages"
          page={page}
          totalPages={totalPages}
          onPageChange={(next) => {
            void navigate(consolePaths.sellers.getHref({ q, page: next }));
          }}
        />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Sellers</h1>
        <p className="mt-1 text-slate">Find a seller to see their account, money and records.</p>
      </div>
      <form role="search" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <TextInput
          label="E-mail, phone, name or referral code"
          type="search"
          name="q"
          value={text}
          maxLength={100}
          error={hint}
          onChange={(event) => {
            setText(event.target.value);
          }}
          className="min-w-64 flex-1"
        />
        <Button type="submit">Search</Button>
      </form>
      <section aria-label="Search results" aria-busy={(isSearching && isFetching) || undefined}>
        {body()}
      </section>
    </div>
  );
}
