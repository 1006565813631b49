import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminGiftCard } from '@karta/shared/schemas/catalog-admin';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { consolePaths } from '../../../config/console-paths';
import { toast } from '../../../lib/toast';
import {
  useCreateSubcategoryMutation,
  useGetCatalogCardQuery,
  useUpdateCatalogCardMutation,
} from '../api';
import { ActiveBadge } from './active-badge';
import { CardForm } from './card-form';
import { CardImageUpload } from './card-image-upload';
import { DeactivateDialog } from './deactivate-dialog';
import { SubcategoryForm } from './subcategory-form';
import { SubcategoryList } from './subcategory-list';

const SECTION = 'flex flex-col gap-4 rounded-[12px] bg-white p-5';

/** Listed or not: activating is immediate; deactivating asks first and says what waits. */
function CardActivation({ card }: { card: AdminGiftCard }) {
  const [update, { isLoading }] = useUpdateCatalogCardMutation();
  const [isDeactivating, setIsDeactivating] = useState(false);
  if (!card.active) {
    return (
      <Button
        variant="secondary"
        isLoading={isLoading}
        loadingText="Activating..."
        onClick={() =>
          void update({ id: card.id, active: true })
            .unwrap()
            .then(
              () => {
                toast.success(`${card.name} is active: sellers can choose it again.`);
              },
              // Toasted globally with the API's message.
              () => undefined,
            )
        }
      >
        Activate card
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setIsDeactivating(true);
        }}
      >
        Deactivate card
      </Button>
      {isDeactivating && (
        <DeactivateDialog
          target={{ kind: 'cards', id: card.id, name: card.name }}
          onClose={() => {
            setIsDeactivating(false);
          }}
          onConfirm={() => update({ id: card.id, active: false }).unwrap()}
        />
      )}
    </>
  );
}

function CardSections({ card }: { card: AdminGiftCard }) {
  const [updateCard] = useUpdateCatalogCardMutation();
  const [createSubcategory] = useCreateSubcategoryMutation();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink wrap-anywhere">{card.name}</h1>
        <ActiveBadge isActive={card.active} />
        <span className="ml-auto">
          <CardActivation card={card} />
        </span>
      </div>
      <section aria-labelledby="card-details" className={SECTION}>
        <h2 id="card-details" className="text-lg font-bold text-ink">
          Card details
        </h2>
        <CardForm
          key={card.id}
          defaultValues={card}
          submitLabel="Save changes"
          busyLabel="Saving..."
          hasActiveChoice={false}
          onSave={async (values) => {
            await updateCard({
              id: card.id,
              name: values.name,
              brand_colour: values.brand_colour,
              sort_order: values.sort_order,
            }).unwrap();
            toast.success(`${values.name} saved.`);
          }}
        />
      </section>
      <section aria-labelledby="card-image" className={SECTION}>
        <h2 id="card-image" className="text-lg font-bold text-ink">
          Card image
        </h2>
        <CardImageUpload card={card} />
      </section>
      <section aria-labelledby="subcategories" className={SECTION}>
        <h2 id="subcategories" className="text-lg font-bold text-ink">
          Subcategories
        </h2>
        <SubcategoryList cardId={card.id} />
        <h3 className="mt-2 font-bold text-ink">Add a subcategory</h3>
        <SubcategoryForm
          defaultValues={{
            name: '',
            currency: 'USD',
            rate: '',
            min_amount: 10,
            max_amount: 500,
          }}
          submitLabel="Add subcategory"
          busyLabel="Adding..."
          isCurrencyFixed={false}
          onSave={async (values) => {
            const created = await createSubcategory({ cardId: card.id, ...values }).unwrap();
            toast.success(`${created.name} added to ${card.name}.`);
          }}
        />
      </section>
    </div>
  );
}

/** One card's page (`/console/catalog/:id`): its details, image and subcategories. */
export function CatalogCardPage() {
  const { id = '' } = useParams();
  const { currentData, error, isFetching, refetch } = useGetCatalogCardQuery(id);
  const back = (
    <Link
      to={consolePaths.catalog.getHref()}
      className="inline-flex min-h-11 items-center font-semibold text-brand underline hover:text-brand-deep"
    >
      ← All cards
    </Link>
  );
  if (currentData === undefined && error) {
    const isMissing = 'status' in error && error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        {isMissing ? (
          <p className="rounded-[12px] bg-white p-5 text-ink">We could not find this gift card.</p>
        ) : (
          <LoadError
            message="We could not load this card."
            onRetry={() => void refetch()}
            isRetrying={isFetching}
          />
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {back}
      {currentData === undefined ? (
        <Spinner label="Loading the card" />
      ) : (
        <CardSections card={currentData} />
      )}
    </div>
  );
}
