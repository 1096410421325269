import type { VipChangeDto } from '@app/contracts';
import { api } from '@/lib/api';

/** Moderators' VIP grants: give a period, take it back, read one account's list. */
export const vipGrantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVipHistory: build.query<VipChangeDto[], number>({
      query: (userId) => `moderation/users/${userId}/vip`,
      providesTags: (_result, _error, userId) => [{ type: 'ModerationUsers', id: `vip-${userId}` }],
    }),
    grantVip: build.mutation<VipChangeDto, { userId: number; days: number; reason: string }>({
      query: ({ userId, ...body }) => ({ url: `moderation/users/${userId}/vip`, method: 'POST', body }),
      invalidatesTags: ['ModerationUsers'],
    }),
    revokeVip: build.mutation<VipChangeDto, { userId: number; reason: string }>({
      query: ({ userId, reason }) => ({ url: `moderation/users/${userId}/vip`, method: 'DELETE', body: { reason } }),
      invalidatesTags: ['ModerationUsers'],
    }),
  }),
});

export const { useGetVipHistoryQuery, useGrantVipMutation, useRevokeVipMutation } = vipGrantsApi;
