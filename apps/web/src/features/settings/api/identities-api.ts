import type { LinkedIdentityDto, OidcStartDto } from '@app/contracts';
import { api } from '@/lib/api';

/** The sign-in providers linked to the account, in Settings. */
export const identitiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listIdentities: build.query<LinkedIdentityDto[], void>({
      query: () => 'users/me/identities',
      providesTags: ['Identities'],
    }),
    /** Where to send the browser to link the provider: its sign-in page, which comes back to Settings. */
    linkIdentity: build.mutation<OidcStartDto, string>({
      query: (provider) => ({ url: `users/me/identities/${encodeURIComponent(provider)}`, method: 'POST', body: {} }),
    }),
    /**
     * "Sign in again with <provider>": a fresh sign-in that lands back on Settings, where it confirms
     * it is the owner. No rememberMe: the new session keeps the Remember me this one was opened with.
     */
    signInAgain: build.mutation<OidcStartDto, string>({
      query: (provider) => ({ url: `auth/oidc/${encodeURIComponent(provider)}/start`, method: 'POST', body: { returnTo: 'settings' } }),
    }),
    unlinkIdentity: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `users/me/identities/${id}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['Identities'] : []),
    }),
  }),
});

export const { useListIdentitiesQuery, useLinkIdentityMutation, useSignInAgainMutation, useUnlinkIdentityMutation } = identitiesApi;
