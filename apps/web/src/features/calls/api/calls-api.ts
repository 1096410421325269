import type { CallSessionDto, CallType, ClientEndReason, IceServersDto, SellerEarningsDto } from '@app/contracts';
import { api } from '@/lib/api';

export interface CallsPageArgs {
  /** The id of the oldest call already shown: the page after it. */
  before?: number;
}

export const CALLS_PAGE_SIZE = 50;

export const callsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Rings a seller; the server answers 403 by role, 409 busy or in a call, 422 cannot take calls. */
    startCall: build.mutation<CallSessionDto, { sellerId: number; callType: CallType }>({
      query: (body) => ({ url: 'calls', method: 'POST', body }),
    }),
    acceptCall: build.mutation<CallSessionDto, number>({
      query: (sessionId) => ({ url: `calls/${sessionId}/accept`, method: 'POST' }),
    }),
    /** The spec's call: declines while it rings, cancels, or hangs up; 'failed' when media never came. */
    endCall: build.mutation<CallSessionDto, { sessionId: number; reason?: ClientEndReason }>({
      query: ({ sessionId, reason }) => ({ url: `sessions/end-call/${sessionId}`, method: 'POST', ...(reason ? { body: { reason } } : {}) }),
      invalidatesTags: ['Calls'],
    }),
    /** The person's open call (ringing, answered or connected), kept current by the call frames. */
    getCurrentCall: build.query<CallSessionDto | null, void>({
      query: () => 'calls/current',
      transformResponse: (answer: { session: CallSessionDto | null }) => answer.session,
    }),
    listCalls: build.query<CallSessionDto[], CallsPageArgs>({
      query: ({ before }) => ({ url: 'calls', params: { limit: CALLS_PAGE_SIZE, ...(before ? { before } : {}) } }),
      providesTags: ['Calls'],
    }),
    getEarnings: build.query<SellerEarningsDto, void>({
      query: () => 'calls/earnings',
      providesTags: ['Calls'],
    }),
    /** TURN credentials expire: each call asks afresh. */
    getIceServers: build.query<IceServersDto, void>({
      query: () => 'calls/ice-servers',
      keepUnusedDataFor: 0,
    }),
  }),
});

// Starting, accepting and ending go through the call controller (endpoints.*.initiate).
export const {
  useGetCurrentCallQuery,
  useListCallsQuery,
  useGetEarningsQuery,
} = callsApi;
