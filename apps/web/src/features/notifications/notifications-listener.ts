import type { NotificationDto, UserSettings } from '@app/contracts';
import { carriesMessageText } from '@app/contracts/browser';
import { t } from '@/i18n/i18n';
import { api } from '@/lib/api';
import type { StartListening } from '@/lib/listening';
import { socketFrameReceived, socketStatusChanged } from '@/lib/socket';
import { authApi } from '../auth/api/auth-api';
import { notificationArrived, notificationChanged, notificationsRead, notificationsRemoved } from './api/notifications-api';
import { playAlertTones, showBrowserNotification } from './seller-alert';

/** The state this listener reads; the store's full state satisfies it. */
interface ListenerState {
  api: ReturnType<typeof api.reducer>;
  socket: { lastCloseCode: number | null };
}

const selectMe = authApi.endpoints.getMe.select();

/** Notifications come from the server: socket frames keep the cached list and counts current on every device. */
export function addNotificationsListeners(startListening: StartListening<ListenerState>): void {
  startListening({
    actionCreator: socketFrameReceived,
    effect: (action, { dispatch, getState }) => {
      const frame = action.payload;
      if (frame.type === 'notification') {
        notificationArrived(dispatch, frame.notification, frame.unread);
        if (frame.notification.roomId !== null) dispatch(api.util.invalidateTags(['PrivateChats', 'MyChats', 'MarketplaceChats']));
        alert(frame.notification, selectMe(getState() as never).data?.settings);
      } else if (frame.type === 'notifications_read') {
        notificationsRead(dispatch, frame.ids, frame.unread);
        dispatch(api.util.invalidateTags(['MyChats', 'MarketplaceChats']));
      } else if (frame.type === 'notification_changed') {
        notificationChanged(dispatch, frame.notification);
      } else if (frame.type === 'notifications_removed') {
        notificationsRemoved(dispatch, frame.ids, frame.unread);
        dispatch(api.util.invalidateTags(['PrivateChats', 'MyChats', 'MarketplaceChats']));
      }
    },
  });

  // Frames sent while the socket was down are lost: after a reconnect, ask again.
  startListening({
    predicate: (action, _current, previous) =>
      socketStatusChanged.match(action) && action.payload.status === 'online' && previous.socket.lastCloseCode !== null,
    effect: (_action, { dispatch }) => void dispatch(api.util.invalidateTags(['Notifications', 'UnreadNotifications'])),
  });
}

/** The settings decide: messageSound plays the tone for messages; push shows a system notification while the tab is hidden. */
function alert(notification: NotificationDto, settings: UserSettings | undefined) {
  // A mention carries the words of a message: it sounds and hides its preview as a message does.
  const message = carriesMessageText(notification.type);
  if (message && settings?.notifications.messageSound !== false) playAlertTones();
  if (settings?.notifications.push === false || document.visibilityState !== 'hidden') return;
  // The words from the layout catalogue, which every page has: the screens' catalogue stays out of the entry.
  const body = message && settings?.chat.messagePreview === false ? t('layout.newMessage') : notification.content;
  showBrowserNotification(notification.title, body, () => window.location.assign(notification.link));
}
