import type { PushSubscriptionDto } from '@app/contracts';
import { BellOff, BellRing, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { LoadFailed } from '@/components/load-failed';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useListPushDevicesQuery, useRemovePushDeviceMutation } from '../api/push-api';
import { usePushDevice, type PushDevice } from '../hooks/use-push-device';
import { PUSH_TEXT } from '../push-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

/** Settings' devices: push notifications on this device, and every device that receives them, each removable. */
export function PushDevices() {
  const device = usePushDevice();
  const { data: devices, isLoading, isError, refetch } = useListPushDevicesQuery();
  const [removeDevice] = useRemovePushDeviceMutation();
  const [removing, setRemoving] = useState<number | null>(null);
  const locale = useFormatLocale();
  const thisDevice = device.endpoint === null ? undefined : devices?.find((row) => row.endpoint === device.endpoint);

  async function remove(row: PushSubscriptionDto) {
    setRemoving(row.id);
    try {
      await removeDevice(row.id).unwrap();
      if (row.endpoint === device.endpoint) await device.forget();
      toast({ title: PUSH_TEXT.removed, description: row.browser });
    } catch (error) {
      toast({ variant: 'destructive', title: PUSH_TEXT.removeFailed, description: errorMessage(error, '') || undefined });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <SectionCard titleId="push-devices-title" title={PUSH_TEXT.title} description={PUSH_TEXT.description}>
      <ThisDevice device={device} on={thisDevice !== undefined} onTurnOff={thisDevice ? () => void remove(thisDevice) : undefined} turningOff={removing === thisDevice?.id} />

      <h3 className="mt-6 text-sm font-semibold">{PUSH_TEXT.listTitle}</h3>
      {isLoading ? (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          {PUSH_TEXT.loading}
        </p>
      ) : isError ? (
        <LoadFailed className="mt-2" message={PUSH_TEXT.loadFailed} retryLabel={PUSH_TEXT.retry} onRetry={() => void refetch()} />
      ) : !devices?.length ? (
        <p className="mt-2 text-sm text-muted-foreground">{PUSH_TEXT.empty}</p>
      ) : (
        <ul className="mt-2 divide-y" aria-label={PUSH_TEXT.listTitle}>
          {devices.map((row) => (
            <li key={row.id} className="flex items-center gap-3 py-3" data-testid="push-device">
              <MonitorSmartphone className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  <span className="truncate">{row.browser}</span>
                  {row === thisDevice ? <Badge variant="secondary">{PUSH_TEXT.thisDevice}</Badge> : null}
                </p>
                <p className="text-xs text-muted-foreground">{PUSH_TEXT.lastUsed(formatDate(row.lastUsedAt, locale, { time: true }))}</p>
              </div>
              <Button size="sm" variant="outline" aria-label={PUSH_TEXT.removeLabel(row.browser)} disabled={removing === row.id} onClick={() => void remove(row)}>
                {PUSH_TEXT.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

type ThisDeviceProps = { device: PushDevice; on: boolean; onTurnOff?: () => void; turningOff: boolean };

/** This browser: whether it receives notifications, and the one button that asks the browser for them. */
function ThisDevice({ device, on, onTurnOff, turningOff }: ThisDeviceProps) {
  const { status, working, problem } = device;
  if (status === 'checking') {
    return (
      <p className="mt-4 text-sm text-muted-foreground" role="status">
        {PUSH_TEXT.checking}
      </p>
    );
  }
  if (status === 'unsupported' || status === 'denied') {
    return (
      <p className="mt-4 flex gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="push-unavailable">
        <BellOff className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
        {status === 'unsupported' ? PUSH_TEXT.unsupported : PUSH_TEXT.denied}
      </p>
    );
  }
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm" role="status">
        {on ? <BellRing className="h-4 w-4 shrink-0 text-primary" aria-hidden /> : <BellOff className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />}
        {on ? PUSH_TEXT.thisDeviceOn : PUSH_TEXT.thisDeviceOff}
      </p>
      {on ? (
        <Button variant="outline" onClick={onTurnOff} disabled={turningOff}>
          {PUSH_TEXT.turnOff}
        </Button>
      ) : (
        <Button onClick={() => void device.enable()} disabled={working}>
          {working ? PUSH_TEXT.enabling : PUSH_TEXT.enable}
        </Button>
      )}
      {problem ? (
        <p className="text-sm text-destructive sm:basis-full" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
