import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/history/pagination';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { consolePaths } from '../../../config/console-paths';
import { readPage } from '../../../lib/list-query';
import { toast } from '../../../lib/toast';
import { useCreateCatalogCardMutation, useListCatalogCardsQuery } from '../api';
import { ActiveBadge } from './active-badge';
import { CardForm } from './card-form';

/** Every card, active or not, in the sellers' order, each leading to its own page. */
function CardList() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const page = readPage(searchParams.get('page'));
  const { currentData, isError, isFetching, refetch } = useListCatalogCardsQuery(page);

  if (currentData === undefined && isError) {
    return (
      <LoadError
        message="We could not load the cards."
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }
  if (currentData === undefined) return <ListSkeleton label="Loading cards" rowHeight="h-16" />;
  if (currentData.meta.total === 0) {
    return (
      <EmptyState title="No cards yet">
        <p className="mt-2 text-slate">
          Add the first card above; sellers see it once it has a subcategory.
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Cards" className="flex flex-col gap-2">
        {currentData.data.map((card) => (
          <li key={card.id}>
            <Link
              to={consolePaths.catalogCard.getHref(card.id)}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-[12px] border border-line bg-white px-4 py-3 hover:border-brand"
            >
              <img src={card.img_info.url} alt="" className="h-10 w-16 rounded object-cover" />
              <span className="min-w-0 font-semibold text-ink wrap-anywhere">{card.name}</span>
              <span className="text-sm text-slate">Sort order {card.sort_order}</span>
              <span className="ml-auto">
                <ActiveBadge isActive={card.active} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination
        label="Card pages"
        page={page}
        totalPages={currentData.meta.totalPages}
        onPageChange={(next) => void navigate(consolePaths.catalog.getHref(next))}
      />
    </div>
  );
}

/**
 * The catalog desk (`/console/catalog`): add a card, and find every card to edit it, its image
 * and its subcategories on its own page.
 */
export function CatalogDesk() {
  const navigate = useNavigate();
  const [createCard] = useCreateCatalogCardMutation();
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold text-ink">Catalog</h1>
      <section aria-labelledby="add-card" className="rounded-[12px] bg-white p-5">
        <h2 id="add-card" className="mb-4 text-lg font-bold text-ink">
          Add a card
        </h2>
        <CardForm
          defaultValues={{ name: '', brand_colour: '#0B7A4B', sort_order: 0, active: true }}
          submitLabel="Add card"
          busyLabel="Adding..."
          hasActiveChoice
          onSave={async (values) => {
            const card = await createCard(values).unwrap();
            toast.success(`${card.name} added. Upload its image and add a subcategory.`);
            void navigate(consolePaths.catalogCard.getHref(card.id));
          }}
        />
      </section>
      <section aria-labelledby="all-cards" className="flex flex-col gap-4">
        <h2 id="all-cards" className="text-lg font-bold text-ink">
          All cards
        </h2>
        <CardList />
      </section>
    </div>
  );
}
