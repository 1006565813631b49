import { MESSAGES } from '@karta/shared/messages';
import { useGetGiftCardsQuery, type GiftCard } from '../../lib/catalog-api';
import { usePagedSearch } from '../../lib/use-paged-search';
import { CatalogSelect, type CatalogChoiceProps } from './catalog-select';

/** The gift card dropdown, each card with its picture. */
export function GiftCardSelect(props: CatalogChoiceProps<GiftCard>) {
  const paging = usePagedSearch('cards');
  const result = useGetGiftCardsQuery({ page: paging.page, search: paging.search });
  return (
    <CatalogSelect
      {...props}
      label="Gift card"
      placeholder="Search gift cards"
      paging={paging}
      result={result}
      toOption={(card) => ({ id: card.id, label: card.name, imageUrl: card.img_info.url })}
      messages={{ error: MESSAGES.GIFT_CARDS_ERROR, empty: MESSAGES.GIFT_CARDS_EMPTY }}
    />
  );
}
