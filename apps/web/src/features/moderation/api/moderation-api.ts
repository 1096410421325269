import type { SellerProfileDto } from '@app/contracts';
import { api } from '@/lib/api';

export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPendingApplications: build.query<SellerProfileDto[], void>({
      query: () => ({ url: 'sellers/applications', params: { status: 'pending' } }),
      providesTags: ['SellerApplications'],
    }),
    verifySeller: build.mutation<SellerProfileDto, number>({
      query: (sellerId) => ({ url: `sellers/${sellerId}/verify`, method: 'POST', body: {} }),
      invalidatesTags: (_result, error, sellerId) => (error ? [] : ['SellerApplications', 'Sellers', { type: 'Seller', id: sellerId }]),
    }),
    rejectSeller: build.mutation<SellerProfileDto, { sellerId: number; reason: string }>({
      query: ({ sellerId, reason }) => ({ url: `sellers/${sellerId}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, error, { sellerId }) => (error ? [] : ['SellerApplications', 'Sellers', { type: 'Seller', id: sellerId }]),
    }),
  }),
});

export const { useGetPendingApplicationsQuery, useVerifySellerMutation, useRejectSellerMutation } = moderationApi;
