import type { PushKeyDto, PushSubscriptionDto } from '@app/contracts';
import { api } from '@/lib/api';

/** A browser's PushSubscription as `toJSON()` gives it: what POST /api/push/subscriptions takes. */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime?: number | null;
}

export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The VAPID public key this device subscribes with. */
    getPushKey: build.query<PushKeyDto, void>({ query: () => 'push/key' }),
    /** The person's devices, most recently used first. */
    listPushDevices: build.query<PushSubscriptionDto[], void>({ query: () => 'push/subscriptions' }),
    /** The same endpoint again updates that device rather than adding one. */
    savePushSubscription: build.mutation<PushSubscriptionDto, PushSubscriptionBody>({
      query: (body) => ({ url: 'push/subscriptions', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          pushApi.util.updateQueryData('listPushDevices', undefined, (list) => [data, ...list.filter((device) => device.id !== data.id && device.endpoint !== data.endpoint)]),
        );
      },
    }),
    removePushDevice: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `push/subscriptions/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(() => true).catch(() => false);
        if (done) dispatch(pushApi.util.updateQueryData('listPushDevices', undefined, (list) => list.filter((device) => device.id !== id)));
      },
    }),
  }),
});

export const { useListPushDevicesQuery, useRemovePushDeviceMutation } = pushApi;
