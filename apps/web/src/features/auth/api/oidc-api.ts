import type { AuthResultDto, OidcProviderDto, OidcStartDto } from '@app/contracts';
import { activeLanguage } from '@/i18n/i18n';
import { api } from '@/lib/api';
import { startSession } from './auth-api';

/** Sign-in with the providers the server has configured (OpenID Connect). */
export const oidcApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The providers whose buttons the sign-in screen shows; none when none is configured. */
    listSignInProviders: build.query<OidcProviderDto[], void>({
      query: () => 'auth/oidc/providers',
    }),
    /** Where to send the browser: the provider's own sign-in page. */
    startProviderSignIn: build.mutation<OidcStartDto, { provider: string; rememberMe: boolean }>({
      query: ({ provider, rememberMe }) => ({ url: `auth/oidc/${encodeURIComponent(provider)}/start`, method: 'POST', body: { rememberMe } }),
    }),
    /** A new identity's account, with the username chosen on the landing page; it starts in the page's language. */
    completeProviderSignUp: build.mutation<AuthResultDto, { token: string; username: string }>({
      query: (body) => ({ url: 'auth/oidc/sign-up', method: 'POST', body: { ...body, language: activeLanguage() } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) startSession(data.user)(dispatch);
      },
    }),
  }),
});

export const { useListSignInProvidersQuery, useStartProviderSignInMutation, useCompleteProviderSignUpMutation } = oidcApi;
