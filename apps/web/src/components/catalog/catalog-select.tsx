import { useState, type RefCallback } from 'react';
import type { usePagedSearch } from '../../lib/use-paged-search';
import { SearchableSelect, type SelectOption } from '../ui/searchable-select';
import { listMessage } from './list-message';

/** What a screen gives a catalog dropdown and hears back from it. */
export interface CatalogChoiceProps<T> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChosen: (item: T) => void;
  /** The name already chosen, when the screen remembers one. */
  initialText?: string;
  error?: string | undefined;
  inputRef?: RefCallback<HTMLInputElement> | undefined;
}

interface CatalogSelectProps<T extends { id: string; name: string }> extends CatalogChoiceProps<T> {
  label: string;
  placeholder: string;
  disabled?: boolean;
  /** The search text and page the query below was asked with. */
  paging: ReturnType<typeof usePagedSearch>;
  /** The pages loaded so far for that search (lib/catalog-api). */
  result: {
    currentData?: { items: T[]; totalPages: number } | undefined;
    isFetching: boolean;
    isError: boolean;
  };
  toOption: (item: T) => SelectOption;
  messages: { error: string; empty: string };
}

/**
 * A catalog dropdown: searched by name, paged by scrolling (docs/product.md §2). It only reports the
 * choice; the screen using it decides where the choice is kept.
 */
export function CatalogSelect<T extends { id: string; name: string }>({
  paging,
  result: { currentData, isFetching, isError },
  toOption,
  messages,
  onChosen,
  onOpenChange,
  initialText = '',
  ...select
}: CatalogSelectProps<T>) {
  const [text, setText] = useState(initialText);
  const { page, setSearch, nextPage } = paging;
  const items = currentData?.items ?? [];

  return (
    <SearchableSelect
      {...select}
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        setSearch(value);
      }}
      onClear={() => {
        setText('');
        setSearch('');
      }}
      options={items.map(toOption)}
      onSelect={(option) => {
        const chosen = items.find((item) => item.id === option.id);
        if (!chosen) return;
        setText(chosen.name);
        setSearch('');
        onOpenChange(false);
        onChosen(chosen);
      }}
      onOpenChange={onOpenChange}
      message={listMessage(
        { isFetching, isError, isEmpty: items.length === 0 },
        messages.error,
        messages.empty,
      )}
      canLoadMore={!isFetching && !isError && page < (currentData?.totalPages ?? 0)}
      onLoadMore={nextPage}
    />
  );
}
