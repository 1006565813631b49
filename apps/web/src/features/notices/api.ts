import type { NoticeList } from '@karta/shared/schemas/notices';
import { baseApi, type Envelope } from '../../lib/base-api';

/** How many notices the bell shows: the newest ones; older ones stay in the history pages. */
const BELL_PAGE_SIZE = 20;

/**
 * The bell (decision 040): one read that gives both the newest notices and the unread
 * count (the header polls it), and the write that marks them read when the bell is opened.
 */
const noticesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotices: build.query<NoticeList, string>({
      query: (userId) => ({
        url: `/user/notices/${encodeURIComponent(userId)}`,
        params: { page: 1, size: BELL_PAGE_SIZE },
      }),
      transformResponse: (response: Envelope<NoticeList>) => response.data,
      providesTags: ['Notices'],
    }),
    readNotices: build.mutation<null, string>({
      query: (userId) => ({
        url: `/user/read_notices/${encodeURIComponent(userId)}`,
        method: 'POST',
      }),
      // Once the server has marked them, the cached list says so too: the badge drops to 0
      // without another read.
      async onQueryStarted(userId, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          noticesApi.util.updateQueryData('getNotices', userId, (draft) => {
            draft.unread_count = 0;
            for (const notice of draft.data) notice.is_read = true;
          }),
        );
      },
    }),
  }),
});

export const { useGetNoticesQuery, useReadNoticesMutation } = noticesApi;
