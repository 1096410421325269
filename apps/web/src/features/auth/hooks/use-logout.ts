import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useLogoutMutation } from '../api/auth-api';

/** This browser stops receiving the person's push notifications (fetched only now: few visits sign out). */
const forgetPushDevice = () => import('@/features/push/push-device').then((device) => device.unsubscribeThisDevice()).catch(() => undefined);

/** Unsent messages are the person's words: a shared computer keeps none of them once they sign out. */
const forgetUnsent = () => import('@/features/chat/outbox/outbox-store').then((outbox) => outbox.forgetUnsentMessages()).catch(() => undefined);

/** Logs out and goes home whatever the server answers (spec); resolves false when it failed. */
export function useLogout(): () => Promise<boolean> {
  const [logout] = useLogoutMutation();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    const [result] = await Promise.all([logout(), forgetPushDevice(), forgetUnsent()]);
    navigate('/');
    return !('error' in result);
  }, [logout, navigate]);
}
