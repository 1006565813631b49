import type { PageMeta, PageQuery } from '@karta/shared/schemas/common';

/** Rows to skip for a page (pages start at 1). */
export const offsetOf = ({ page, size }: PageQuery) => (page - 1) * size;

/** The `meta` of every list (docs/ARCHITECTURE.md#api-conventions). */
export const pageMeta = ({ page, size }: PageQuery, total: number): PageMeta => ({
  page,
  size,
  total,
  totalPages: Math.ceil(total / size),
});
