import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { NotificationDto, NotificationPageDto, UnreadNotificationsDto } from '@app/contracts';
import { api } from '@/lib/api';

/** The signed-in person's notifications, kept by the server; socket frames and the mark-read answers keep this cache current. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.infiniteQuery<NotificationPageDto, void, number | null>({
      query: ({ pageParam }) => (pageParam ? `notifications?before=${pageParam}` : 'notifications'),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextBefore,
      },
      providesTags: ['Notifications'],
    }),
    getUnreadNotifications: build.query<UnreadNotificationsDto, void>({
      query: () => 'notifications/unread',
      providesTags: ['UnreadNotifications'],
    }),
    markNotificationRead: build.mutation<UnreadNotificationsDto, number>({
      query: (id) => ({ url: `notifications/${id}/read`, method: 'POST', body: {} }),
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled;
        notificationsRead(dispatch, [id], data);
      },
    }),
    markAllNotificationsRead: build.mutation<UnreadNotificationsDto, void>({
      query: () => ({ url: 'notifications/read-all', method: 'POST', body: {} }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled;
        notificationsRead(dispatch, null, data);
      },
    }),
  }),
});

export const { useGetNotificationsInfiniteQuery, useGetUnreadNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } =
  notificationsApi;

type Dispatch = ThunkDispatch<{ api: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;

/** A new notification: first in the list (when it is loaded), with the count the server gave. */
export function notificationArrived(dispatch: Dispatch, notification: NotificationDto, unread: UnreadNotificationsDto) {
  dispatch(notificationsApi.util.upsertQueryData('getUnreadNotifications', undefined, unread));
  dispatch(
    notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
      const first = draft.pages[0];
      if (first && !first.notifications.some((n) => n.id === notification.id)) first.notifications.unshift(notification);
    }),
  );
}

/** Notifications marked read, here or on another device (ids null: all of them). */
export function notificationsRead(dispatch: Dispatch, ids: number[] | null, unread: UnreadNotificationsDto) {
  dispatch(notificationsApi.util.upsertQueryData('getUnreadNotifications', undefined, unread));
  const marked = ids ? new Set(ids) : null;
  dispatch(
    notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
      for (const page of draft.pages) for (const n of page.notifications) if (!marked || marked.has(n.id)) n.read = true;
    }),
  );
}

/** A notification that now says the new words of its edited message. */
export function notificationChanged(dispatch: Dispatch, notification: NotificationDto) {
  dispatch(
    notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
      for (const page of draft.pages) {
        const at = page.notifications.findIndex((n) => n.id === notification.id);
        if (at >= 0) page.notifications[at] = notification;
      }
    }),
  );
}

/** Notifications gone with the message they were made of, with the count the server gave. */
export function notificationsRemoved(dispatch: Dispatch, ids: number[], unread: UnreadNotificationsDto) {
  dispatch(notificationsApi.util.upsertQueryData('getUnreadNotifications', undefined, unread));
  const gone = new Set(ids);
  dispatch(
    notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
      for (const page of draft.pages) page.notifications = page.notifications.filter((n) => !gone.has(n.id));
    }),
  );
}
