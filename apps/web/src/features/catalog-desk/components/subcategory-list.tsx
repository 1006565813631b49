import { useState } from 'react';
import type { AdminSubcategory } from '@karta/shared/schemas/catalog-admin';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { Modal } from '../../../components/ui/modal';
import { formatCardAmount, formatNaira } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { useListCardSubcategoriesQuery, useUpdateSubcategoryMutation } from '../api';
import { ActiveBadge } from './active-badge';
import { DeactivateDialog } from './deactivate-dialog';
import { SubcategoryForm } from './subcategory-form';

/** One subcategory: its terms, and Edit and Activate or Deactivate. */
function SubcategoryRow({ subcategory }: { subcategory: AdminSubcategory }) {
  const [update, { isLoading }] = useUpdateSubcategoryMutation();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeactivating, setIsDeactivating] = useState(false);
  const { id, name, currency } = subcategory;

  const activate = async () => {
    try {
      await update({ id, active: true }).unwrap();
      toast.success(`${name} is active: sellers can choose it again.`);
    } catch {
      // Toasted globally with the API's message.
    }
  };

  return (
    <li
      aria-label={name}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-[12px] border border-line bg-white px-4 py-3"
    >
      <span className="font-semibold text-ink">{name}</span>
      <span className="text-sm text-slate tabular-nums">
        {formatNaira(subcategory.rate)} per {currency} ·{' '}
        {formatCardAmount(subcategory.min_amount, currency)}–
        {formatCardAmount(subcategory.max_amount, currency)}
      </span>
      <ActiveBadge isActive={subcategory.active} />
      <span className="ml-auto flex gap-2">
        <Button
          variant="ghost"
          aria-label={`Edit ${name}`}
          onClick={() => {
            setIsEditing(true);
          }}
        >
          Edit
        </Button>
        {subcategory.active ? (
          <Button
            variant="ghost"
            aria-label={`Deactivate ${name}`}
            onClick={() => {
              setIsDeactivating(true);
            }}
          >
            Deactivate
          </Button>
        ) : (
          <Button
            variant="ghost"
            aria-label={`Activate ${name}`}
            isLoading={isLoading}
            loadingText="Activating..."
            onClick={() => void activate()}
          >
            Activate
          </Button>
        )}
      </span>
      <Modal
        isOpen={isEditing}
        title={`Edit ${name}`}
        size="lg"
        onClose={() => {
          setIsEditing(false);
        }}
      >
        <SubcategoryForm
          defaultValues={{ ...subcategory, rate: subcategory.rate.toFixed(2) }}
          submitLabel="Save changes"
          busyLabel="Saving..."
          isCurrencyFixed
          onCancel={() => {
            setIsEditing(false);
          }}
          onSave={async (values) => {
            await update({
              id,
              name: values.name,
              rate: values.rate,
              min_amount: values.min_amount,
              max_amount: values.max_amount,
            }).unwrap();
            toast.success(`${values.name} saved.`);
            setIsEditing(false);
          }}
        />
      </Modal>
      {isDeactivating && (
        <DeactivateDialog
          target={{ kind: 'subcategories', id, name }}
          onClose={() => {
            setIsDeactivating(false);
          }}
          onConfirm={() => update({ id, active: false }).unwrap()}
        />
      )}
    </li>
  );
}

/** A card's subcategories, active or not (a card has a handful: no paging). */
export function SubcategoryList({ cardId }: { cardId: string }) {
  const { currentData, isError, isFetching, refetch } = useListCardSubcategoriesQuery(cardId);
  if (currentData === undefined && isError) {
    return (
      <LoadError
        message="We could not load the subcategories."
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }
  if (currentData === undefined) {
    return <ListSkeleton label="Loading subcategories" rowHeight="h-16" />;
  }
  if (currentData.length === 0) {
    return (
      <EmptyState title="No subcategories yet">
        <p className="mt-2 text-slate">
          Sellers cannot trade this card until it has an active subcategory. Add one below.
        </p>
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Subcategories" className="flex flex-col gap-2">
      {currentData.map((subcategory) => (
        <SubcategoryRow key={subcategory.id} subcategory={subcategory} />
      ))}
    </ul>
  );
}
