import type { SessionInfoDto } from '@app/contracts';
import { api } from '@/lib/api';

/** Where the account is signed in (Settings → Devices), and the link of a new-device mail. */
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSessions: build.query<SessionInfoDto[], void>({
      query: () => 'users/me/sessions',
      providesTags: ['Sessions'],
    }),
    endSession: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `users/me/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<{ ended: number }, void>({
      query: () => ({ url: 'users/me/sessions/end-others', method: 'POST', body: {} }),
      invalidatesTags: ['Sessions'],
    }),
    endSessionByLink: build.mutation<{ ended: boolean }, { token: string }>({
      query: (body) => ({ url: 'auth/sessions/end-by-link', method: 'POST', body }),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const { useListSessionsQuery, useEndSessionMutation, useEndOtherSessionsMutation, useEndSessionByLinkMutation } = sessionsApi;
