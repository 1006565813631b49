import { MESSAGES } from '@karta/shared/messages';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { setTradeGiftCard } from '../../trades/trade-slice';
import { useGetGiftCardsQuery } from '../api';
import { chooseCard } from '../rate-calculator-slice';
import { usePagedSearch } from '../use-paged-search';
import { listMessage } from './list-message';

interface GiftCardSelectProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChosen: () => void;
}

/** The gift card dropdown: searched by name, paged by scrolling (spec §2). */
export function GiftCardSelect({ isOpen, onOpenChange, onChosen }: GiftCardSelectProps) {
  const dispatch = useAppDispatch();
  const chosenName = useAppSelector((state) => state.trade.giftCard?.name ?? '');
  const [text, setText] = useState(chosenName);
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
        dispatch(chooseCard(option.id));
        dispatch(setTradeGiftCard({ id: option.id, name: option.label }));
        setText(option.label);
        setSearch('');
        onOpenChange(false);
        onChosen();
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
    />
  );
}
