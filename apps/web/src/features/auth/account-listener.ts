import { toast } from '@/components/ui/toast-store';
import { languageChosen, switchLanguage, t } from '@/i18n/i18n';
import { api } from '@/lib/api';
import type { StartListening } from '@/lib/listening';
import { socketFrameReceived } from '@/lib/socket';
import { authApi } from './api/auth-api';

/** The state these listeners read; the store's full state satisfies it. */
interface ListenerState {
  api: ReturnType<typeof api.reducer>;
}

const selectMe = authApi.endpoints.getMe.select();

/**
 * The account changed elsewhere (a moderator granted or took VIP): read it again, so the page
 * offers what the role allows at once. A language chosen while signed in is the person's setting.
 */
export function addAccountListeners(startListening: StartListening<ListenerState>): void {
  startListening({
    actionCreator: socketFrameReceived,
    effect: (action, { dispatch }) => {
      if (action.payload.type === 'account_updated') dispatch(api.util.invalidateTags(['Me']));
    },
  });

  startListening({
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
}
