import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** Every cache tag of the app; features add endpoints with api.injectEndpoints and use these. */
export const TAG_TYPES = [
  'Me',
  'Settings',
  'TwoStep',
  'Passkeys',
  'Identities',
  'Sessions',
  'DataExport',
  'Stats',
  'RecentMessages',
  'Rooms',
  'Room',
  'RoomMessages',
  'PrivateChats',
  'MyChats',
  'MarketplaceChats',
  'Sellers',
  'Seller',
  'SellerReviews',
  'SellerProfile',
  'SellerApplications',
  'Uploads',
  'Calls',
  'MyReports',
  'ModerationNotices',
  'ModerationReports',
  'ModerationUsers',
  'ModerationAudit',
  'Blocks',
  'Notifications',
  'UnreadNotifications',
  'AccountDeletion',
] as const;

/** The spec's cache defaults: data never goes stale on its own and is kept long after use. */
const KEEP_UNUSED_SECONDS = 24 * 60 * 60;

/** Resolved per request so the same code works on any origin the app is served from. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extra) =>
  fetchBaseQuery({
    baseUrl: `${window.location.origin}/api`,
    credentials: 'include',
    prepareHeaders: (headers) => {
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      headers.set('accept', 'application/json');
      return headers;
    },
  })(args, api, extra);

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: KEEP_UNUSED_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
