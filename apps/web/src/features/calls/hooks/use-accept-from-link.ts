import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { toast } from '@/components/ui/toast-store';
import { ACCEPT_CALL_PARAM } from '@/lib/call-links';
import { errorMessage } from '@/lib/errors';
import { useGetCurrentCallQuery } from '../api/calls-api';
import { incomingCleared, selectActiveCall, selectIncomingCall } from '../calls-slice';
import { CALLS_TEXT } from '../calls-copy';
import { useCallController } from './use-call-controller';

/**
 * A notification's Accept opens the app at /calls?accept=<session>: once the page knows the call
 * rings for this seller (GET /api/calls/current rings it again on load), it is answered as the
 * prompt's Accept would, and the call screen shows. A call that stopped ringing meanwhile is said so.
 */
export function useAcceptFromLink(): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const controller = useCallController();
  const incoming = useAppSelector(selectIncomingCall);
  const active = useAppSelector(selectActiveCall);
  const wanted = Number(new URLSearchParams(search).get(ACCEPT_CALL_PARAM)) || null;
  const { data: current, isSuccess, isError } = useGetCurrentCallQuery(undefined, { skip: wanted === null });
  const handled = useRef<number | null>(null);

  useEffect(() => {
    if (wanted === null || handled.current === wanted) return;
    const ringing = incoming?.sessionId === wanted ? incoming : null;
    const settled = active?.sessionId === wanted || ringing !== null || isError || (isSuccess && !(current?.id === wanted && current.state === 'ringing'));
    if (!settled) return;
    handled.current = wanted;
    // The link is spent: a reload or Back does not answer again.
    const params = new URLSearchParams(search);
    params.delete(ACCEPT_CALL_PARAM);
    navigate(params.size ? `${location}?${params}` : location, { replace: true });
    if (active?.sessionId === wanted) return;
    if (!ringing) {
      toast({ title: CALLS_TEXT.acceptLinkExpired });
      return;
    }
    controller.accept(ringing).catch((error: unknown) => {
      toast({ title: CALLS_TEXT.answerFailed, description: errorMessage(error, ''), variant: 'destructive' });
      dispatch(incomingCleared(ringing.sessionId));
    });
  }, [wanted, incoming, active, current, isSuccess, isError, search, location, navigate, controller, dispatch]);
}
