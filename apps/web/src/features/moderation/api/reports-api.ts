import type { MyModerationStatusDto, ReportDto, ReportReason, ReportTargetType } from '@app/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '@/lib/api';

export interface CreateReportRequest {
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  note?: string;
}

/** What anyone signed in does: report, read their reports and the notices moderators' decisions sent them. */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createReport: build.mutation<ReportDto, CreateReportRequest>({
      query: (body) => ({ url: 'reports', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['MyReports']),
    }),
    getMyReports: build.query<ReportDto[], void>({
      query: () => 'reports',
      providesTags: ['MyReports'],
    }),
    getModerationStatus: build.query<MyModerationStatusDto, void>({
      query: () => 'moderation/notices',
      providesTags: ['ModerationNotices'],
    }),
    readNotices: build.mutation<{ ok: true }, number>({
      query: (upToId) => ({ url: 'moderation/notices/read', method: 'POST', body: { upToId } }),
      async onQueryStarted(upToId, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          reportsApi.util.updateQueryData('getModerationStatus', undefined, (status) => {
            for (const notice of status.notices) if (notice.id <= upToId) notice.read = true;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const { useCreateReportMutation, useGetMyReportsQuery, useGetModerationStatusQuery, useReadNoticesMutation } = reportsApi;

/** The state and dispatch muteStarted uses; the store's satisfy them (so the store is not imported here). */
interface ApiState {
  api: ReturnType<typeof api.reducer>;
}
type ApiDispatch = ThunkDispatch<ApiState, unknown, UnknownAction>;

/** A send refused because of a mute: the composer turns read-only until `endsAt`. */
export function muteStarted(endsAt: string, reason = '') {
  return (dispatch: ApiDispatch, getState: () => ApiState) => {
    const known = reportsApi.endpoints.getModerationStatus.select()(getState() as never).data;
    const mute = { endsAt, reason: reason || known?.mute?.reason || '' };
    dispatch(reportsApi.util.upsertQueryData('getModerationStatus', undefined, { notices: known?.notices ?? [], mute }));
  };
}
