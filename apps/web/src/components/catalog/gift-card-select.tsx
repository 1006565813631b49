import { MESSAGES } from '@karta/shared/messages';
import { useState, type RefCallback } from 'react';
import { useGetGiftCardsQuery, type GiftCard } from '../../lib/catalog-api';
import { usePagedSearch } from '../../lib/use-paged-search';
import { SearchableSelect } from '../ui/searchable-select';
import { listMessage } from './list-message';

interface GiftCardSelectProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChosen: (card: GiftCard) => void;
  /** The name already chosen, when the screen remembers one. */
  initialText?: string;
  error?: string | undefined;
  inputRef?: RefCallback<HTMLInputElement> | undefined;
}

/**
 * The gift card dropdown: searched by name, paged by scrolling (spec §2). It only reports the
 * choice; the screen using it decides where the choice is kept.
 */
export function GiftCardSelect({
  isOpen,
  onOpenChange,
  onChosen,
  initialText = '',
  error,
  inputRef,
}: GiftCardSelectProps) {
  const [text, setText] = useState(initialText);
  const { search, page, setSearch, nextPage } = usePagedSearch('cards');
  const { currentData, isFetching, isError } = useGetGiftCardsQuery({ page, search });
  const cards = currentData?.items ?? [];

  return (
    <SearchableSelect
      label="Gift card"
      placeholder="Search gift cards"
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        setSearch(value);
      }}
      onClear={() => {
        setText('');
        setSearch('');
      }}
      options={cards.map((card) => ({
        id: card.id,
        label: card.name,
        imageUrl: card.img_info.url,
      }))}
      onSelect={(option) => {
        const chosen = cards.find((card) => card.id === option.id);
        if (!chosen) return;
        setText(chosen.name);
        setSearch('');
        onOpenChange(false);
        onChosen(chosen);
      }}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      message={listMessage(
        { isFetching, isError, isEmpty: cards.length === 0 },
        MESSAGES.GIFT_CARDS_ERROR,
        MESSAGES.GIFT_CARDS_EMPTY,
      )}
      canLoadMore={!isFetching && !isError && page < (currentData?.totalPages ?? 0)}
      onLoadMore={nextPage}
      error={error}
      inputRef={inputRef}
    />
  );
}
