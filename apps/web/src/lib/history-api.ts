import { PAGE_SIZE } from '@karta/shared/constants';
import type { PageMeta } from '@karta/shared/schemas/common';
import { baseApi, type Envelope } from './base-api';

/** A page of a history list as docs/product.md §7 returns it. */
export interface HistoryPage<T> {
  data: T[];
  meta: PageMeta;
}

export interface HistoryListArgs<S extends string> {
  userId: string;
  page: number;
  /** Omitted for "All" (docs/product.md §7). */
  status?: S | undefined;
  /** `YYYY-MM-DD` or `YYYY-MM-DD,YYYY-MM-DD` (Lagos days). */
  dateQuery?: string | undefined;
}

/** One record of the signed-in user, by the reference its detail route carries. */
export interface RecordKey {
  userId: string;
  id: string;
}

type HistoryTagType = 'Trades' | 'Withdrawals';
type EndpointBuilder = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];

/** The tag every page of a list provides, so a new or changed record refreshes them all. */
export const getHistoryListTag = <Type extends HistoryTagType>(type: Type) =>
  ({ type, id: 'LIST' }) as const;

/**
 * A paged history list of docs/product.md §7 (`GET {path}/{user_id}?page=&size=10&status=&date_query=`):
 * trades and withdrawals ask for their pages the same way and tag each record by its id.
 */
export function buildHistoryListQuery<T extends { id: string }, S extends string>(
  build: EndpointBuilder,
  { path, tagType }: { path: string; tagType: HistoryTagType },
) {
  return build.query<HistoryPage<T>, HistoryListArgs<S>>({
    query: ({ userId, page, status, dateQuery }) => ({
      url: `${path}/${encodeURIComponent(userId)}`,
      params: {
        page,
        size: PAGE_SIZE,
        ...(status ? { status } : {}),
        ...(dateQuery ? { date_query: dateQuery } : {}),
      },
    }),
    transformResponse: (response: Envelope<HistoryPage<T>>) => response.data,
    providesTags: (result) => [
      getHistoryListTag(tagType),
      ...(result?.data.map((record) => ({ type: tagType, id: record.id })) ?? []),
    ],
  });
}
