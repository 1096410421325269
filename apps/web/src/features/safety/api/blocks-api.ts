import type { BlockedUserDto } from '@app/contracts';
import { api } from '../../../lib/api';

/** The signed-in person's block list; the server filters what they see and who may write to them. */
export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlocks: build.query<BlockedUserDto[], void>({
      query: () => 'blocks',
      providesTags: ['Blocks'],
    }),
    blockUser: build.mutation<BlockedUserDto, number>({
      query: (userId) => ({ url: 'blocks', method: 'POST', body: { userId } }),
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
