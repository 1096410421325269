import type {
  CategoryCountDto,
  LocaleDto,
  PrivateChatSummaryDto,
  ReviewInputDto,
  RoomDto,
  SellerDto,
  SellerProfileDto,
  SellerReviewDto,
} from '@app/contracts';
import { api } from '@/lib/api';
import type { SellerRegistration, SellerProfileChanges } from '../types';

/** The spec caches the seller list for 60 s and the location and rate for an hour. */
export const SELLERS_FRESH_SECONDS = 60;
export const LOCALE_FRESH_SECONDS = 60 * 60;

export interface SellersQuery {
  category?: string;
  q?: string;
  userId?: number;
}

/** Leaves out empty filters so equal searches share one cache entry. */
function sellerParams(args: SellersQuery | void): Record<string, string | number> | undefined {
  if (!args) return undefined;
  const params: Record<string, string | number> = {};
  if (args.category) params.category = args.category;
  if (args.q?.trim()) params.q = args.q.trim();
  if (args.userId !== undefined) params.userId = args.userId;
  return Object.keys(params).length ? params : undefined;
}

export const marketplaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSellers: build.query<SellerDto[], SellersQuery | void>({
      query: (args) => ({ url: 'sellers', params: sellerParams(args) }),
      providesTags: ['Sellers'],
    }),
    getFeaturedSellers: build.query<SellerDto[], number>({
      query: (limit) => ({ url: 'sellers/featured', params: { limit } }),
      providesTags: ['Sellers'],
    }),
    getCategoryCounts: build.query<CategoryCountDto[], void>({
      query: () => 'sellers/categories',
      providesTags: ['Sellers'],
    }),
    getLocale: build.query<LocaleDto, void>({
      query: () => 'locale',
      keepUnusedDataFor: LOCALE_FRESH_SECONDS,
    }),
    getSeller: build.query<SellerDto, number>({
      query: (id) => `sellers/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Seller', id }],
    }),
    getSellerReviews: build.query<SellerReviewDto[], number>({
      query: (id) => `sellers/${id}/reviews`,
      providesTags: (_result, _error, id) => [{ type: 'SellerReviews', id }],
    }),
    saveReview: build.mutation<SellerReviewDto, { sellerId: number } & ReviewInputDto>({
      query: ({ sellerId, ...body }) => ({ url: `sellers/${sellerId}/reviews`, method: 'POST', body }),
      invalidatesTags: (_result, error, { sellerId }) =>
        error ? [] : [{ type: 'SellerReviews', id: sellerId }, { type: 'Seller', id: sellerId }, 'Sellers'],
    }),
    /** The buyer's marketplace conversations: a review is offered to those who had one with the seller. */
    getMarketplaceConversations: build.query<PrivateChatSummaryDto[], void>({
      query: () => 'rooms/marketplace-chats',
      providesTags: ['MarketplaceChats'],
    }),
    /** A private room with the seller (the same room again when one exists). */
    startSellerChat: build.mutation<RoomDto, number>({
      query: (sellerId) => ({ url: 'rooms/private', method: 'POST', body: { sellerId } }),
      invalidatesTags: ['MyChats', 'MarketplaceChats', 'PrivateChats'],
    }),
    /** The applicant keeps their role: it becomes seller only when a moderator verifies the application. */
    registerSeller: build.mutation<SellerProfileDto, SellerRegistration>({
      query: (body) => ({ url: 'sellers/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(marketplaceApi.util.upsertQueryData('getOwnSellerProfile', undefined, data));
      },
    }),
    /** The signed-in person's application with the moderators' decision, or null when they never applied (a 404). */
    getOwnSellerProfile: build.query<SellerProfileDto | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('sellers/profile/me');
        if (result.error) return result.error.status === 404 ? { data: null } : { error: result.error };
        return { data: result.data as SellerProfileDto };
      },
      providesTags: ['SellerProfile'],
    }),
    updateOwnSellerProfile: build.mutation<SellerProfileDto, SellerProfileChanges>({
      query: (body) => ({ url: 'sellers/profile/me', method: 'PATCH', body }),
      // The stored profile replaces the cached one without a refetch. Like every RTK Query cache
      // update, the screens see it on the store's next notification, not when the caller's await ends.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(marketplaceApi.util.updateQueryData('getOwnSellerProfile', undefined, () => data));
      },
      invalidatesTags: (result) => (result ? ['Sellers', { type: 'Seller', id: result.id }] : []),
    }),
  }),
});

export const {
  useGetSellersQuery,
  useGetFeaturedSellersQuery,
  useGetCategoryCountsQuery,
  useGetLocaleQuery,
  useGetSellerQuery,
  useGetSellerReviewsQuery,
  useSaveReviewMutation,
  useGetMarketplaceConversationsQuery,
  useStartSellerChatMutation,
  useRegisterSellerMutation,
  useGetOwnSellerProfileQuery,
  useUpdateOwnSellerProfileMutation,
} = marketplaceApi;
