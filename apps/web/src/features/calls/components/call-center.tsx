import type { CallSessionDto } from '@app/contracts';
import { canStartCalls } from '@app/contracts/browser';
import { PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetCurrentCallQuery } from '../api/calls-api';
import { selectActiveCall, selectCallSummary, selectIncomingCall, selectStartingCall } from '../calls-slice';
import { CALLS_TEXT } from '../calls-copy';
import { useAcceptFromLink } from '../hooks/use-accept-from-link';
import { useCallController } from '../hooks/use-call-controller';
import { CallScreen } from './call-screen';
import { CallSummaryDialog } from './call-summary';
import { IncomingCallPrompt } from './incoming-call-prompt';
import { shownName } from '@/lib/shown-name';

/**
 * Everything of calls that shows over any page: the seller's incoming prompt, the call screen,
 * the summary afterwards, and a bar for a call still open from another tab or before a reload.
 */
export function CallCenter() {
  const { user } = useCurrentUser();
  const controller = useCallController();
  const mayCall = user !== null && canStartCalls(user.role);
  // A page that reloads asks for its open call (docs/ws-protocol.md); the call frames keep it current.
  const { data: current } = useGetCurrentCallQuery(undefined, { skip: !mayCall });
  const incoming = useAppSelector(selectIncomingCall);
  const active = useAppSelector(selectActiveCall);
  const summary = useAppSelector(selectCallSummary);
  const starting = useAppSelector(selectStartingCall);
  const userId = user?.id ?? null;
  useAcceptFromLink();

  // Someone else signs in on this tab: the last person's media stops.
  useEffect(() => () => controller.abandon(), [controller, userId]);

  const openElsewhere = mayCall && current && current.state !== 'ended' && !active && !starting && incoming?.sessionId !== current.id;
  return (
    <>
      {incoming && !active ? <IncomingCallPrompt key={incoming.sessionId} incoming={incoming} /> : null}
      {active ? <CallScreen call={active} /> : null}
      {summary && !active ? <CallSummaryDialog key={summary.session.id} summary={summary} /> : null}
      {openElsewhere && userId !== null ? <OpenCallBar session={current} userId={userId} /> : null}
    </>
  );
}

type OpenCallBarProps = { session: CallSessionDto; userId: number };

function OpenCallBar({ session, userId }: OpenCallBarProps) {
  const controller = useCallController();
  const [ending, setEnding] = useState(false);
  const peer = session.buyer.id === userId ? session.seller.displayName : shownName(session.buyer.username);

  async function end() {
    setEnding(true);
    try {
      await controller.endOpenCall(session.id);
    } catch (error) {
      toast({ title: CALLS_TEXT.endFailed, description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setEnding(false);
    }
  }

  return (
    <aside
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-xl items-center gap-3 rounded-xl border bg-card p-3 shadow-lg"
      aria-label={CALLS_TEXT.inProgressTitle}
      data-testid="open-call-bar"
    >
      <PhoneCall className="h-5 w-5 shrink-0 text-green-600" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{CALLS_TEXT.inProgressTitle}</p>
        <p className="truncate text-muted-foreground">{CALLS_TEXT.inProgress(peer)}</p>
      </div>
      <Button size="sm" variant="destructive" onClick={() => void end()} disabled={ending}>
        {CALLS_TEXT.endCall}
      </Button>
    </aside>
  );
}
