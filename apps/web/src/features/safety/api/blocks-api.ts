import type { BlockedUserDto } from '@app/contracts';
import { api } from '@/lib/api';

/** The signed-in person's block list; the server filters what they see and who may write to them. */
export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlocks: build.query<BlockedUserDto[], void>({
      query: () => 'blocks',
      providesTags: ['Blocks'],
    }),
    blockUser: build.mutation<BlockedUserDto, number>({
      query: (userId) => ({ url: 'blocks', method: 'POST', body: { userId } }),
      // The list takes the answer at once, so an open private chat turns read-only before the refetch.
      async onQueryStarted(_userId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(blocksApi.util.updateQueryData('getBlocks', undefined, (list) => [data, ...list.filter((b) => b.user.id !== data.user.id)]));
      },
      // A private chat with them turns read-only: its room says so once asked again.
      invalidatesTags: (_r, error) => (error ? [] : ['Blocks', 'Room', 'PrivateChats']),
    }),
    unblockUser: build.mutation<{ ok: true }, number>({
      query: (userId) => ({ url: `blocks/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Blocks', 'Room', 'PrivateChats']),
    }),
  }),
});

export const { useGetBlocksQuery, useBlockUserMutation, useUnblockUserMutation } = blocksApi;
