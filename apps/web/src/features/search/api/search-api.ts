import type { SearchPageDto } from '@app/contracts';
import { api } from '@/lib/api';

/** Message search: one page per call, older pages by the cursor the previous one gave. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchMessages: build.query<SearchPageDto, { q: string; before?: number }>({
      query: ({ q, before }) => ({ url: 'search/messages', params: before ? { q, before } : { q } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchMessagesQuery } = searchApi;
