import type { Books } from '@karta/shared/schemas/books';
import { baseApi, type Envelope } from '../../lib/base-api';

export interface BooksRange {
  from: string;
  to: string;
}

const booksQuery = ({ from, to }: BooksRange, format: 'json' | 'csv') =>
  `/admin/reports/daily?${new URLSearchParams({ from, to, format }).toString()}`;

/**
 * `GET /api/v1/admin/reports/daily` (admins only): the figures as JSON, and the same days as a
 * CSV text. The CSV goes through the API client, not a plain link, so it carries the session's
 * token and refreshes it once on a 403 as every other call does.
 */
const booksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBooks: build.query<Books, BooksRange>({
      query: (range) => booksQuery(range, 'json'),
      transformResponse: (response: Envelope<Books>) => response.data,
    }),
    /** A mutation: every download asks afresh, and nothing of it stays in the cache. */
    downloadBooksCsv: build.mutation<string, BooksRange>({
      query: (range) => ({
        url: booksQuery(range, 'csv'),
        // Text when it is the CSV; the JSON error envelope parsed when it is not.
        responseHandler: 'content-type',
      }),
    }),
  }),
});

export const { useGetBooksQuery, useDownloadBooksCsvMutation } = booksApi;
