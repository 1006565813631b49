import { MESSAGES } from '@karta/shared/messages';
import { useState, type RefCallback } from 'react';
import { useGetSubcategoriesQuery, type Subcategory } from '../../lib/catalog-api';
import { usePagedSearch } from '../../lib/use-paged-search';
import { SearchableSelect } from '../ui/searchable-select';
import { listMessage } from './list-message';

interface SubcategorySelectProps {
  /** The chosen card; no card, no request (spec §2). */
  catId: string | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChosen: (subcategory: Subcategory) => void;
  /** The name already chosen, when the screen remembers one. */
  initialText?: string;
  error?: string | undefined;
  inputRef?: RefCallback<HTMLInputElement> | undefined;
}

/**
 * The subcategory dropdown of the chosen card. The screen keys it by card, so a new card
 * starts it afresh: empty text, page 1.
 */
export function SubcategorySelect({
  catId,
  isOpen,
  onOpenChange,
  onChosen,
  initialText = '',
  error,
  inputRef,
}: SubcategorySelectProps) {
  const [text, setText] = useState(initialText);
  const { search, page, setSearch, nextPage } = usePagedSearch(catId ?? '');
  const { currentData, isFetching, isError } = useGetSubcategoriesQuery(
    { catId: catId ?? '', page, search },
    { skip: !catId },
  );
  const subcategories = currentData?.items ?? [];

  return (
    <SearchableSelect
      label="Subcategory"
      placeholder={catId ? 'Search subcategories' : 'Choose a gift card first'}
      disabled={!catId}
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        setSearch(value);
      }}
      onClear={() => {
        setText('');
        setSearch('');
      }}
      options={subcategories.map((item) => ({ id: item.id, label: item.name }))}
      onSelect={(option) => {
        const chosen = subcategories.find((item) => item.id === option.id);
        if (!chosen) return;
        setText(chosen.name);
        setSearch('');
        onOpenChange(false);
        onChosen(chosen);
      }}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      message={listMessage(
        { isFetching, isError, isEmpty: subcategories.length === 0 },
        MESSAGES.SUBCATEGORIES_ERROR,
        MESSAGES.SUBCATEGORIES_EMPTY,
      )}
      canLoadMore={!isFetching && !isError && page < (currentData?.totalPages ?? 0)}
      onLoadMore={nextPage}
      error={error}
      inputRef={inputRef}
    />
  );
}
