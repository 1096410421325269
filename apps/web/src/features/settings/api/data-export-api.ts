import type { DataExportStatusDto } from '@app/contracts';
import { api } from '@/lib/api';

/** "Download my data" (Settings → Your data): the latest export and the ask for a new one. */
export const dataExportApi = api.injectEndpoints({
  endpoints: (build) => ({
    dataExportStatus: build.query<DataExportStatusDto, void>({
      query: () => 'users/me/export',
      providesTags: ['DataExport'],
    }),
    askDataExport: build.mutation<DataExportStatusDto, void>({
      query: () => ({ url: 'users/me/export', method: 'POST', body: {} }),
      invalidatesTags: ['DataExport'],
    }),
  }),
});

export const { useDataExportStatusQuery, useAskDataExportMutation } = dataExportApi;
