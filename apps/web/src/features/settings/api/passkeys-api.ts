import type { PasskeyDto, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@app/contracts';
import { api } from '@/lib/api';

/** The account's passkeys in Settings: adding or removing one changes the user too (the desk opens or closes with it). */
export const passkeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPasskeys: build.query<PasskeyDto[], void>({
      query: () => 'users/me/passkeys',
      providesTags: ['Passkeys'],
    }),
    passkeyRegistrationOptions: build.mutation<PublicKeyCredentialCreationOptionsJSON, void>({
      query: () => ({ url: 'users/me/passkeys/registration-options', method: 'POST', body: {} }),
    }),
    addPasskey: build.mutation<PasskeyDto, { name: string; response: RegistrationResponseJSON }>({
      query: (body) => ({ url: 'users/me/passkeys', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Passkeys', 'Me'] : []),
    }),
    renamePasskey: build.mutation<PasskeyDto, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `users/me/passkeys/${id}`, method: 'PATCH', body: { name } }),
      invalidatesTags: (result) => (result ? ['Passkeys'] : []),
    }),
    /** A challenge of this session that one of the account's passkeys answers to confirm it is its owner (deleting the account). */
    passkeyConfirmationOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'users/me/passkeys/confirmation-options', method: 'POST', body: {} }),
    }),
    removePasskey: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `users/me/passkeys/${id}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['Passkeys', 'Me'] : []),
    }),
  }),
});

export const { useListPasskeysQuery, usePasskeyRegistrationOptionsMutation, useAddPasskeyMutation, useRenamePasskeyMutation, useRemovePasskeyMutation, usePasskeyConfirmationOptionsMutation } = passkeysApi;
