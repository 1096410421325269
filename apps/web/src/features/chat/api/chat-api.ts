import { api } from '../../../lib/api';
import type { CommunityStats, RecentMessage } from '../types';

/** Freshness of the landing data per spec: recent messages 30 s, stats 60 s. */
export const RECENT_MESSAGES_FRESH_SECONDS = 30;
export const STATS_FRESH_SECONDS = 60;
export const RECENT_MESSAGES_LIMIT = 3;

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecentMessages: build.query<RecentMessage[], number>({
      query: (limit) => ({ url: 'messages/recent', params: { limit } }),
      providesTags: ['RecentMessages'],
    }),
    getStats: build.query<CommunityStats, void>({
      query: () => 'stats',
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetRecentMessagesQuery, useGetStatsQuery } = chatApi;
