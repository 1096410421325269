import type { ServiceName } from '@app/contracts';
import { api } from '@/lib/api';
import type { SystemHealth } from '../types';

function isSystemHealth(value: unknown): value is SystemHealth {
  return typeof value === 'object' && value !== null && 'services' in value && 'gateway' in value;
}

export const MEDIA_SERVICE: ServiceName = 'media-svc';

export const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The system's health; a 503 still carries the report of what is down, which is what the panel shows. */
    getSystemHealth: build.query<SystemHealth, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('health');
        if (!result.error) return { data: result.data as SystemHealth };
        if (isSystemHealth(result.error.data)) return { data: result.error.data };
        return { error: result.error };
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSystemHealthQuery } = mediaApi;
