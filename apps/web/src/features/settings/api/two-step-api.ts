import type { AuthenticationResponseJSON, RecoveryCodesDto, TwoStepSetupDto, TwoStepStatusDto } from '@app/contracts';
import { api } from '@/lib/api';

/** Two-step sign-in in Settings: turning it on and off changes the user too (the desk opens with it). */
export const twoStepApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTwoStep: build.query<TwoStepStatusDto, void>({
      query: () => 'users/me/two-step',
      providesTags: ['TwoStep'],
    }),
    startTwoStep: build.mutation<TwoStepSetupDto, void>({
      query: () => ({ url: 'users/me/two-step/setup', method: 'POST', body: {} }),
    }),
    confirmTwoStep: build.mutation<RecoveryCodesDto, { code: string }>({
      query: (body) => ({ url: 'users/me/two-step/confirm', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['TwoStep', 'Me'] : []),
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodesDto, { code: string }>({
      query: (body) => ({ url: 'users/me/two-step/recovery-codes', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['TwoStep'] : []),
    }),
    /** A code, and the password or in its place a passkey's answer or a fresh provider sign-in. */
    disableTwoStep: build.mutation<TwoStepStatusDto, { code: string; password?: string; passkey?: AuthenticationResponseJSON; providerSignIn?: true }>({
      query: (body) => ({ url: 'users/me/two-step/disable', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['TwoStep', 'Me'] : []),
    }),
  }),
});

export const { useGetTwoStepQuery, useStartTwoStepMutation, useConfirmTwoStepMutation, useRegenerateRecoveryCodesMutation, useDisableTwoStepMutation } = twoStepApi;
