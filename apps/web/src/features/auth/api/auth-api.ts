import type { AuthResultDto, CaptchaChallengeDto, TwoStepChallengeDto, CaptchaTokenDto, Language, UpdateLanguageDto, UserDto, UserSettings } from '@app/contracts';
import { toast } from '@/components/ui/toast-store';
import { activeLanguage, t } from '@/i18n/i18n';
import { api } from '@/lib/api';
import { describeHttpError, errorStatus } from '@/lib/errors';

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe: boolean;
  captchaResponse: string;
}

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  rememberMe: boolean;
  captchaResponse: string;
}

export interface GuestRequest {
  captchaResponse: string;
  username?: string;
}

export interface UpdateProfileRequest {
  username?: string;
  bio?: string | null;
  avatar?: string | null;
}

/** A new session belongs to someone else: drop everything cached for the previous one. */
export function startSession(user: UserDto) {
  return (dispatch: (action: unknown) => unknown) => {
    dispatch(api.util.resetApiState());
    dispatch(authApi.util.upsertQueryData('getMe', undefined, user));
  };
}

/** A sign-in during the grace cancelled the deletion the person asked for: they are told so. */
export function tellIfDeletionCancelled(result: AuthResultDto) {
  if (result.deletionCancelled) toast({ title: t('auth.deletionCancelled.title'), description: t('auth.deletionCancelled.description') });
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
    getMe: build.query<UserDto | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('users/me');
        if (result.error) {
          const status = errorStatus(result.error);
          const message = JSON.stringify(result.error.data ?? '');
          if (status === 401 || message.includes('Authentication required')) return { data: null };
          console.warn(`Current user check failed: ${describeHttpError(result.error)}`);
          return { error: result.error };
        }
        return { data: result.data as UserDto };
      },
      providesTags: ['Me'],
    }),
    issueCaptcha: build.mutation<CaptchaChallengeDto, void>({
      query: () => ({ url: 'auth/captcha', method: 'GET' }),
    }),
    verifyCaptcha: build.mutation<CaptchaTokenDto, { challengeId: string; answer: number; pow: string }>({
      query: (body) => ({ url: 'auth/captcha/verify', method: 'POST', body }),
    }),
    /** A session, or, when the account has two-step sign-in on, the challenge its code completes. */
    login: build.mutation<AuthResultDto | TwoStepChallengeDto, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data && 'user' in data) {
          startSession(data.user)(dispatch);
          tellIfDeletionCancelled(data);
        }
      },
    }),
    completeTwoStepLogin: build.mutation<AuthResultDto, { challenge: string; code: string }>({
      query: (body) => ({ url: 'auth/login/two-step', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        startSession(data.user)(dispatch);
        tellIfDeletionCancelled(data);
      },
    }),
    // A new account, a guest's too, starts in the language its page was in.
    register: build.mutation<AuthResultDto, RegisterRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body: { ...body, language: activeLanguage() } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) startSession(data.user)(dispatch);
      },
    }),
    guest: build.mutation<AuthResultDto, GuestRequest>({
      query: (body) => ({ url: 'auth/guest', method: 'POST', body: { ...body, language: activeLanguage() } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) startSession(data.user)(dispatch);
      },
    }),
    /** Whatever the server answers, the user is signed out here afterwards. */
    logout: build.mutation<null, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery({ url: 'auth/logout', method: 'POST' });
        if (result.error) console.warn(`Logout failed: ${describeHttpError(result.error)}`);
        dispatch(api.util.resetApiState());
        dispatch(authApi.util.upsertQueryData('getMe', undefined, null));
        return result.error ? { error: result.error } : { data: null };
      },
    }),
    checkUsername: build.query<{ available: boolean }, string>({
      query: (username) => ({ url: 'auth/check-username', params: { username } }),
      keepUnusedDataFor: 0,
    }),
    updateMe: build.mutation<UserDto, UpdateProfileRequest>({
      query: (body) => ({ url: 'users/me', method: 'PATCH', body }),
      // Show the saved profile at once; the refetch that follows confirms it.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(authApi.util.updateQueryData('getMe', undefined, (me) => (me ? { ...me, ...data } : me)));
      },
      invalidatesTags: ['Me'],
    }),
    /** The language the product speaks to the signed-in person; shown at once, put back if refused. */
    setLanguage: build.mutation<UpdateLanguageDto, Language>({
      query: (language) => ({ url: 'users/me/language', method: 'PUT', body: { language } }),
      async onQueryStarted(language, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          authApi.util.updateQueryData('getMe', undefined, (me) => {
            if (me) me.language = language;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    getSettings: build.query<UserSettings, void>({
      query: () => 'users/me/settings',
      providesTags: ['Settings'],
    }),
    updateSettings: build.mutation<UserSettings, UserSettings>({
      query: (body) => ({ url: 'users/me/settings', method: 'PUT', body }),
      async onQueryStarted(settings, { dispatch, queryFulfilled }) {
        // The theme follows the user's settings at once; a refusal puts them back.
        const patches = [
          dispatch(authApi.util.updateQueryData('getSettings', undefined, () => settings)),
          dispatch(
            authApi.util.updateQueryData('getMe', undefined, (me) => {
              if (me) me.settings = settings;
            }),
          ),
        ];
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getSettings', undefined, data));
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
    }),
  }),
});

export const {
  useGetMeQuery,
  useIssueCaptchaMutation,
  useVerifyCaptchaMutation,
  useLoginMutation,
  useCompleteTwoStepLoginMutation,
  useRegisterMutation,
  useGuestMutation,
  useLogoutMutation,
  useLazyCheckUsernameQuery,
  useUpdateMeMutation,
  useGetSettingsQuery,
  useUpdateSettingsMutation,
} = authApi;
