import type {
  AuditEntryDto,
  LiftableSanction,
  ModerationAccountDto,
  ModerationActionResultDto,
  ModerationReportDto,
  ModerationUserViewDto,
  ReportStatus,
  ReportTargetType,
} from '@app/contracts';
import { api } from '@/lib/api';

export interface ReportsQuery {
  status?: ReportStatus;
  kind?: ReportTargetType;
}

/** One moderator action: what it is done to, why, and the report it answers if any. */
export type ModerationActionRequest =
  | { action: 'dismiss'; reportId: number; reason: string }
  | { action: 'delete_message'; messageId: number; reason: string; reportId?: number }
  | { action: 'delete_room'; roomId: number; reason: string; reportId?: number }
  | { action: 'warn' | 'ban'; userId: number; reason: string; reportId?: number }
  | { action: 'mute'; userId: number; reason: string; duration: string; reportId?: number }
  | { action: 'suspend'; userId: number; reason: string; days: number; reportId?: number }
  | { action: 'lift'; userId: number; reason: string; sanction: LiftableSanction };

function actionRoute(request: ModerationActionRequest): { url: string; body: Record<string, unknown> } {
  const reportId = 'reportId' in request && request.reportId && request.action !== 'dismiss' ? { reportId: request.reportId } : {};
  switch (request.action) {
    case 'dismiss':
      return { url: `moderation/reports/${request.reportId}/dismiss`, body: { reason: request.reason } };
    case 'delete_message':
      return { url: `moderation/messages/${request.messageId}/delete`, body: { reason: request.reason, ...reportId } };
    case 'delete_room':
      return { url: `moderation/rooms/${request.roomId}/delete`, body: { reason: request.reason, ...reportId } };
    case 'warn':
    case 'ban':
      return { url: `moderation/users/${request.userId}/${request.action}`, body: { reason: request.reason, ...reportId } };
    case 'mute':
      return { url: `moderation/users/${request.userId}/mute`, body: { reason: request.reason, duration: request.duration, ...reportId } };
    case 'suspend':
      return { url: `moderation/users/${request.userId}/suspend`, body: { reason: request.reason, days: request.days, ...reportId } };
    case 'lift':
      return { url: `moderation/users/${request.userId}/lift`, body: { reason: request.reason, sanction: request.sanction } };
  }
}

/** The moderators' desk: the reports queue, the people, the audit list, and every action. */
export const moderationDeskApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReportsQueue: build.query<ModerationReportDto[], ReportsQuery>({
      query: (params) => ({ url: 'moderation/reports', params: { ...params, limit: 100 } }),
      providesTags: ['ModerationReports'],
    }),
    searchAccounts: build.query<ModerationAccountDto[], string>({
      query: (q) => ({ url: 'moderation/users', params: { q } }),
      providesTags: ['ModerationUsers'],
    }),
    getUserView: build.query<ModerationUserViewDto, number>({
      query: (id) => `moderation/users/${id}`,
      providesTags: ['ModerationUsers'],
    }),
    getAudit: build.query<AuditEntryDto[], { userId?: number } | void>({
      query: (params) => ({ url: 'moderation/audit', params: { ...(params ?? {}), limit: 100 } }),
      providesTags: ['ModerationAudit'],
    }),
    moderate: build.mutation<ModerationActionResultDto, ModerationActionRequest>({
      query: (request) => ({ method: 'POST', ...actionRoute(request) }),
      invalidatesTags: (_r, error) => (error ? [] : ['ModerationReports', 'ModerationUsers', 'ModerationAudit', 'Rooms', 'RoomMessages']),
    }),
  }),
});

export const { useGetReportsQueueQuery, useLazySearchAccountsQuery, useGetUserViewQuery, useGetAuditQuery, useModerateMutation } = moderationDeskApi;
