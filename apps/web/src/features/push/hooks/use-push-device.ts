import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { errorMessage } from '@/lib/errors';
import { pushApi, type PushSubscriptionBody } from '../api/push-api';
import { currentSubscription, PushNotReady, pushSupported, subscribe } from '../push-device';
import { PUSH_TEXT } from '../push-copy';

/**
 * checking: reading this browser's subscription; unsupported: no push in this browser; denied:
 * the person blocked notifications for the site; ready: it can be turned on (or is on).
 */
export type PushDeviceStatus = 'checking' | 'unsupported' | 'denied' | 'ready';

export interface PushDevice {
  status: PushDeviceStatus;
  /** This browser's push endpoint when it holds a subscription; the devices list marks its row by it. */
  endpoint: string | null;
  working: boolean;
  /** Why the last attempt to turn notifications on did not. */
  problem: string | null;
  /** Asks for permission (only ever from a click), subscribes and tells the server. True when on. */
  enable(): Promise<boolean>;
  /** Drops this browser's subscription, after the server forgot the device. */
  forget(): Promise<void>;
}

function initialStatus(): PushDeviceStatus {
  if (!pushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'checking';
}

/** This browser as a device that receives the person's push notifications. */
export function usePushDevice(): PushDevice {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<PushDeviceStatus>(initialStatus);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'checking') return;
    let live = true;
    const settle = (subscription: PushSubscription | null) => {
      if (!live) return;
      setEndpoint(subscription?.endpoint ?? null);
      setStatus('ready');
    };
    currentSubscription().then(settle, () => settle(null));
    return () => {
      live = false;
    };
  }, [status]);

  const enable = useCallback(async () => {
    setWorking(true);
    setProblem(null);
    try {
      // Asked first, while the click still counts as the person's: some browsers refuse a question asked later.
      const permission = await Notification.requestPermission();
      if (permission === 'denied') {
        setStatus('denied');
        return false;
      }
      if (permission !== 'granted') {
        setProblem(PUSH_TEXT.dismissed);
        return false;
      }
      const { publicKey } = await dispatch(pushApi.endpoints.getPushKey.initiate(undefined, { subscribe: false })).unwrap();
      const subscription = await subscribe(publicKey);
      await dispatch(pushApi.endpoints.savePushSubscription.initiate(subscription.toJSON() as PushSubscriptionBody)).unwrap();
      setEndpoint(subscription.endpoint);
      setStatus('ready');
      return true;
    } catch (error) {
      // The server's word when it gave one (push not set up there); else this browser failed to subscribe.
      setProblem(error instanceof PushNotReady ? PUSH_TEXT.notReady : errorMessage(error, PUSH_TEXT.failed));
      return false;
    } finally {
      setWorking(false);
    }
  }, [dispatch]);

  const forget = useCallback(async () => {
    const subscription = await currentSubscription().catch(() => null);
    await subscription?.unsubscribe().catch(() => false);
    setEndpoint(null);
  }, []);

  return { status, endpoint, working, problem, enable, forget };
}
