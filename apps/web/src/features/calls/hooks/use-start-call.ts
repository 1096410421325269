import type { CallType } from '@app/contracts';
import { CallErrorCode } from '@app/contracts/browser';
import { useLocation } from 'wouter';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { toast } from '@/components/ui/toast-store';
import { errorBody, errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { openVipDialog } from '@/features/vip/vip-slice';
import { CallRefused } from '../call-controller';
import { selectStartingCall } from '../calls-slice';
import { CALLS_TEXT } from '../calls-copy';
import { MediaProblem } from '../media/call-media';
import { useLoadedCallController } from './use-call-controller';

/**
 * A call button's press: visitors and guests sign in first, regular members are offered VIP,
 * everyone else calls and the server decides; its refusals are shown as it words them.
 * `ready` is false for those who would call while the calls code is still on its way.
 */
export function useStartCall() {
  const controller = useLoadedCallController();
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const starting = useAppSelector(selectStartingCall);

  // Visitors, guests and regular members are sent to sign in or offered VIP: their press needs no calls code.
  const calls = user !== null && user.role !== 'guest' && user.role !== 'user';
  const ready = !calls || controller !== null;

  async function start(sellerId: number, callType: CallType) {
    if (!user || user.role === 'guest') {
      navigate('/auth');
      return;
    }
    if (user.role === 'user') {
      dispatch(openVipDialog());
      return;
    }
    if (!controller) return;
    try {
      await controller.startCall(sellerId, callType);
    } catch (error) {
      if (error instanceof MediaProblem) {
        toast({ title: CALLS_TEXT.mediaProblemTitle, description: error.message, variant: 'destructive' });
        return;
      }
      if (error instanceof CallRefused) {
        toast({ title: CALLS_TEXT.cannotCallTitle, description: error.message, variant: 'destructive' });
        return;
      }
      const code = errorBody(error)?.code;
      if (code === CallErrorCode.VipRequired) dispatch(openVipDialog());
      else if (code === CallErrorCode.SignInRequired) navigate('/auth');
      else toast({ title: CALLS_TEXT.cannotCallTitle, description: errorMessage(error, CALLS_TEXT.startFailed), variant: 'destructive' });
    }
  }

  return { start, starting, ready };
}
