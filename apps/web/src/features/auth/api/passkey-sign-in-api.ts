import type { AuthenticationResponseJSON, AuthResultDto, PasskeySignInChallengeDto } from '@app/contracts';
import { api } from '@/lib/api';
import { startSession, tellIfDeletionCancelled } from './auth-api';

/** Passkey sign-in, injected by the sign-in form alone, so no other page carries it. */
export const passkeySignInApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A passkey sign-in's challenge; `login`, when typed, binds it to that account. */
    passkeySignInOptions: build.mutation<PasskeySignInChallengeDto, { login?: string }>({
      query: (body) => ({ url: 'auth/passkey/options', method: 'POST', body }),
    }),
    passkeySignIn: build.mutation<AuthResultDto, { attempt: string; response: AuthenticationResponseJSON; rememberMe: boolean }>({
      query: (body) => ({ url: 'auth/passkey', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        startSession(data.user)(dispatch);
        tellIfDeletionCancelled(data);
      },
    }),
  }),
});

export const { usePasskeySignInOptionsMutation, usePasskeySignInMutation } = passkeySignInApi;
