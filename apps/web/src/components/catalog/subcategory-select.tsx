import { MESSAGES } from '@karta/shared/messages';
import { useGetSubcategoriesQuery, type Subcategory } from '../../lib/catalog-api';
import { usePagedSearch } from '../../lib/use-paged-search';
import { CatalogSelect, type CatalogChoiceProps } from './catalog-select';

interface SubcategorySelectProps extends CatalogChoiceProps<Subcategory> {
  /** The chosen card; no card, no request (docs/product.md §2). */
  catId: string | null;
}

/**
 * The subcategory dropdown of the chosen card. The screen keys it by card, so a new card
 * starts it afresh: empty text, page 1.
 */
export function SubcategorySelect({ catId, ...props }: SubcategorySelectProps) {
  const paging = usePagedSearch(catId ?? '');
  const result = useGetSubcategoriesQuery(
    { catId: catId ?? '', page: paging.page, search: paging.search },
    { skip: !catId },
  );
  return (
    <CatalogSelect
      {...props}
      label="Subcategory"
      placeholder={catId ? 'Search subcategories' : 'Choose a gift card first'}
      disabled={!catId}
      paging={paging}
      result={result}
      toOption={(item) => ({ id: item.id, label: item.name })}
      messages={{ error: MESSAGES.SUBCATEGORIES_ERROR, empty: MESSAGES.SUBCATEGORIES_EMPTY }}
    />
  );
}
