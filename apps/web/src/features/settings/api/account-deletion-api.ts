import type { AccountDeletionStatusDto, AuthenticationResponseJSON } from '@app/contracts';
import { api } from '@/lib/api';

export interface RequestAccountDeletionRequest {
  /** Or, in its place, a passkey's answer to this session's confirmation challenge, or a fresh provider sign-in. */
  password?: string;
  passkey?: AuthenticationResponseJSON;
  providerSignIn?: true;
  confirmation: string;
  code?: string;
}

/**
 * The result of asking, kept under one key: the screen shows the scheduled date from it after the
 * sign-out that the ask causes has emptied the rest of the page.
 */
export const ACCOUNT_DELETION_CACHE_KEY = 'account-deletion';

/** "Delete account" (Settings): whether it is scheduled, and the ask itself. */
export const accountDeletionApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountDeletionStatus: build.query<AccountDeletionStatusDto, void>({
      query: () => 'users/me/deletion',
      providesTags: ['AccountDeletion'],
    }),
    requestAccountDeletion: build.mutation<AccountDeletionStatusDto, RequestAccountDeletionRequest>({
      query: (body) => ({ url: 'users/me/deletion', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        // The server signed the account out everywhere: the page asks again who is there (nobody).
        if (data) dispatch(api.util.invalidateTags(['Me']));
      },
    }),
  }),
});

export const { useAccountDeletionStatusQuery, useRequestAccountDeletionMutation } = accountDeletionApi;
