import { createListenerMiddleware } from '@reduxjs/toolkit';
import { toast } from '../../components/ui/toast-store';
import { languageChosen, switchLanguage, t } from '../../i18n/i18n';
import { api } from '../../lib/api';
import { socketFrameReceived } from '../../lib/socket';
import { authApi } from './api/auth-api';

/**
 * The account changed elsewhere (a moderator granted or took VIP): read it again, so the page
 * offers what the role allows at once. A language chosen while signed in is the person's setting.
 */
export const accountListener = createListenerMiddleware();

accountListener.startListening({
  actionCreator: socketFrameReceived,
  effect: (action, { dispatch }) => {
    if (action.payload.type === 'account_updated') dispatch(api.util.invalidateTags(['Me']));
  },
});

const selectMe = authApi.endpoints.getMe.select();

accountListener.startListening({
  actionCreator: languageChosen,
  effect: async (action, { dispatch, getState }) => {
    const me = selectMe(getState() as never).data;
    if (!me || me.language === action.payload) return;
    const result = await dispatch(authApi.endpoints.setLanguage.initiate(action.payload));
    if (!('error' in result)) return;
    // The page goes back to the language saved, and says why in it.
    await switchLanguage(me.language, { remember: true });
    toast({ variant: 'destructive', title: t('settings.language.saveFailed') });
  },
});
