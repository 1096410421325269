import type { ModerationNoticeDto } from '@app/contracts';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api';
import type { StartListening } from '@/lib/listening';
import { socketFrameReceived } from '@/lib/socket';
import { reportsApi } from './api/reports-api';

function muteAfter(notice: ModerationNoticeDto, current: { endsAt: string; reason: string } | null) {
  if (notice.kind === 'mute' && notice.endsAt) return { endsAt: notice.endsAt, reason: notice.reason ?? '' };
  if (notice.kind === 'mute_lifted') return null;
  return current;
}

/** The state this listener reads; the store's full state satisfies it (so the store is not imported here). */
interface ListenerState {
  api: ReturnType<typeof api.reducer>;
}

/** A moderator's decision reaches its person at once: a toast, the notices list and the composer's mute. */
export function addModerationListeners(startListening: StartListening<ListenerState>): void {
  startListening({
    actionCreator: socketFrameReceived,
    effect: (action, { dispatch, getState }) => {
      const frame = action.payload;
      if (frame.type !== 'moderation_notice') return;
      const { notice } = frame;
      const warning = notice.kind === 'warning' || notice.kind === 'mute';
      // Worded in the language spoken by reporting's words, which stay out of the app's first chunk.
      void import('./report-copy').then(({ noticeText }) =>
        toast({ title: noticeText(notice), description: notice.reason ?? undefined, variant: warning ? 'destructive' : undefined }),
      );

      const known = reportsApi.endpoints.getModerationStatus.select()(getState() as never).data;
      const notices = [notice, ...(known?.notices ?? []).filter((n) => n.id !== notice.id)];
      dispatch(reportsApi.util.upsertQueryData('getModerationStatus', undefined, { notices, mute: muteAfter(notice, known?.mute ?? null) }));
      if (notice.kind === 'report_resolved') dispatch(api.util.invalidateTags(['MyReports']));
    },
  });
}
