import type { FieldCode, UserDto } from '@app/contracts';
import { api } from '@/lib/api';
import { authApi } from './auth-api';

export interface ResetPasswordRequest {
  token: string;
  password: string;
  confirmPassword: string;
}

/** The server's answer to the mail links: a message to show, worded by its code in the language spoken. */
export interface RecoveryAnswer {
  ok: true;
  message: string;
  messageCode?: FieldCode;
}

export const recoveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<RecoveryAnswer, { email: string }>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<RecoveryAnswer, ResetPasswordRequest>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<UserDto, { token: string }>({
      query: (body) => ({ url: 'auth/verify-email', method: 'POST', body }),
      // The link may be opened signed in as that member: their banner goes at once.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          authApi.util.updateQueryData('getMe', undefined, (me) => {
            if (me && me.id === data.id) me.isVerified = data.isVerified;
          }),
        );
      },
    }),
    resendVerification: build.mutation<RecoveryAnswer, void>({
      query: () => ({ url: 'auth/verification-email', method: 'POST' }),
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation, useVerifyEmailMutation, useResendVerificationMutation } = recoveryApi;
