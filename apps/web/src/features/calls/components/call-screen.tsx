import { Mic, MicOff, PhoneOff, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { UserAvatar } from '@/components/ui/avatar';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetCurrentCallQuery } from '../api/calls-api';
import { buyerPrice, formatDuration, formatRate, runningMoney } from '../call-money';
import { meterMs, type ActiveCall } from '../calls-slice';
import { CALLS_TEXT } from '../calls-copy';
import { useCallController, useCallMedia } from '../hooks/use-call-controller';
import { useNow } from '@/hooks/use-now';

export type CallPhase = 'ringing' | 'connecting' | 'connected' | 'reconnecting' | 'ending';

export function callPhase(call: ActiveCall): CallPhase {
  if (call.ending) return 'ending';
  if (call.state === 'ringing') return 'ringing';
  if (call.state === 'accepted') return call.media === 'disconnected' ? 'reconnecting' : 'connecting';
  return call.media === 'connected' ? 'connected' : 'reconnecting';
}

export type CallScreenProps = { call: ActiveCall };

/** The call itself, over every page: the other person, yourself, the clock and the meter, and the controls. */
export function CallScreen({ call }: CallScreenProps) {
  const controller = useCallController();
  const media = useCallMedia();
  const { user } = useCurrentUser();
  const { data: current } = useGetCurrentCallQuery();
  const session = current?.id === call.sessionId ? current : null;
  const now = useNow(1000, call.meter !== null);
  const phase = callPhase(call);
  const elapsedSeconds = call.meter ? Math.floor(Math.max(0, now - call.meter.startedAt) / 1000) : 0;
  const money = session ? runningMoney(session, meterMs(call.meter, now)) : null;
  const price = session?.pricePerMinute != null ? (call.side === 'buyer' ? buyerPrice(session, session.pricePerMinute) : formatRate(session.pricePerMinute)) : null;
  const isVideo = call.callType === 'video';
  const showRemoteVideo = isVideo && media.remote !== null;
  const status =
    phase === 'ringing'
      ? CALLS_TEXT.calling
      : phase === 'connecting'
        ? CALLS_TEXT.connecting
        : phase === 'reconnecting'
          ? CALLS_TEXT.reconnecting
          : phase === 'ending'
            ? CALLS_TEXT.ending
            : CALLS_TEXT.connected;

  return (
    <Dialog open>
      <DialogContent
        placement="full"
        dismissible={false}
        className="flex flex-col"
        aria-describedby="call-status"
        data-testid="call-screen"
        data-call-phase={phase}
        data-session-id={call.sessionId}
        data-bytes-received={media.bytesReceived}
        data-bytes-sent={media.bytesSent}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.querySelector<HTMLButtonElement>('[data-control="hang-up"]')?.focus();
        }}
      >
        <header className="flex items-center gap-3 bg-gradient-to-b from-black/70 to-transparent p-4">
          <UserAvatar name={call.peer.name} src={call.peer.avatar} className="h-10 w-10" />
          <div className="min-w-0 flex-1">
            <DialogTitle className="truncate text-base font-semibold sm:text-lg">{call.peer.name}</DialogTitle>
            <p id="call-status" className="flex items-center gap-2 text-sm text-white/80" aria-live="polite">
              <span data-testid="call-status">{status}</span>
              {call.meter ? (
                <time className="font-mono tabular-nums" data-testid="call-elapsed" data-seconds={elapsedSeconds} aria-label={CALLS_TEXT.elapsed}>
                  {formatDuration(elapsedSeconds)}
                </time>
              ) : null}
            </p>
          </div>
          <div className="shrink-0 text-right text-sm">
            {price ? <p className="text-white/70">{CALLS_TEXT.price(price)}</p> : null}
            {money ? (
              <p className="font-semibold" data-testid={call.side === 'buyer' ? 'call-cost' : 'call-earning'}>
                <span className="mr-1 font-normal text-white/70">{call.side === 'buyer' ? CALLS_TEXT.runningCost : CALLS_TEXT.runningEarning}</span>
                {call.side === 'buyer' ? money.cost : money.earning}
              </p>
            ) : null}
          </div>
        </header>

        <div className="relative min-h-0 flex-1">
          {showRemoteVideo ? (
            <StreamVideo stream={media.remote} className="absolute inset-0 h-full w-full bg-black object-contain" data-testid="remote-video" />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-4 px-4 text-center">
              <UserAvatar name={call.peer.name} src={call.peer.avatar} className="h-28 w-28 text-4xl sm:h-36 sm:w-36" />
              <p className="text-lg font-medium">{call.peer.name}</p>
              {!isVideo && media.remote ? <StreamAudio stream={media.remote} /> : null}
            </div>
          )}

          <figure
            className="absolute right-3 bottom-3 flex aspect-[3/4] w-24 items-center justify-center overflow-hidden rounded-xl border border-white/20 bg-neutral-800 shadow-lg sm:aspect-video sm:w-52"
            data-testid="self-view"
          >
            {isVideo && media.local && !call.cameraOff ? (
              <StreamVideo stream={media.local} muted className="h-full w-full -scale-x-100 object-cover" />
            ) : (
              <UserAvatar name={user?.username} src={user?.avatar} className="h-12 w-12 text-lg" />
            )}
            <figcaption className="absolute bottom-1 left-1.5 flex items-center gap-1 rounded bg-black/50 px-1.5 text-xs">
              {CALLS_TEXT.you}
              {call.muted ? <MicOff className="h-3 w-3" aria-label={CALLS_TEXT.micIsOff} /> : null}
              {isVideo && call.cameraOff ? <VideoOff className="h-3 w-3" aria-label={CALLS_TEXT.cameraIsOff} /> : null}
            </figcaption>
          </figure>

          {call.problem ? (
            <p className="absolute inset-x-3 top-3 rounded-lg bg-red-600/90 px-3 py-2 text-sm" role="alert">
              {call.problem}
            </p>
          ) : null}
        </div>

        <footer className="flex items-center justify-center gap-4 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:gap-6 sm:p-6">
          {phase === 'ringing' ? (
            <RoundButton label={CALLS_TEXT.cancel} tone="danger" control="hang-up" showLabel onClick={() => void controller.hangUp()}>
              <PhoneOff className="h-6 w-6" aria-hidden />
            </RoundButton>
          ) : (
            <>
              <RoundButton
                label={call.muted ? CALLS_TEXT.unmute : CALLS_TEXT.mute}
                pressed={call.muted}
                disabled={phase === 'ending'}
                onClick={() => controller.setMuted(!call.muted)}
              >
                {call.muted ? <MicOff className="h-6 w-6" aria-hidden /> : <Mic className="h-6 w-6" aria-hidden />}
              </RoundButton>
              {isVideo ? (
                <RoundButton
                  label={call.cameraOff ? CALLS_TEXT.cameraOn : CALLS_TEXT.cameraOff}
                  pressed={call.cameraOff}
                  disabled={phase === 'ending'}
                  onClick={() => controller.setCameraOff(!call.cameraOff)}
                >
                  {call.cameraOff ? <VideoOff className="h-6 w-6" aria-hidden /> : <Video className="h-6 w-6" aria-hidden />}
                </RoundButton>
              ) : null}
              <RoundButton label={CALLS_TEXT.hangUp} tone="danger" control="hang-up" disabled={phase === 'ending'} onClick={() => void controller.hangUp()}>
                <PhoneOff className="h-6 w-6" aria-hidden />
              </RoundButton>
            </>
          )}
        </footer>
      </DialogContent>
    </Dialog>
  );
}

type RoundButtonProps = {
  label: string;
  onClick: () => void;
  children: ReactNode;
  tone?: 'plain' | 'danger';
  pressed?: boolean;
  disabled?: boolean;
  showLabel?: boolean;
  control?: string;
};

function RoundButton({ label, onClick, children, tone = 'plain', pressed, disabled, showLabel, control }: RoundButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={showLabel ? undefined : label}
      aria-pressed={pressed}
      title={label}
      data-control={control}
      className={cn(
        'flex h-14 min-w-14 items-center justify-center gap-2 rounded-full px-4 font-medium transition focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/60 disabled:opacity-50',
        tone === 'danger' ? 'bg-red-600 hover:bg-red-700' : pressed ? 'bg-white text-neutral-900' : 'bg-white/15 hover:bg-white/25',
      )}
    >
      {children}
      {showLabel ? <span>{label}</span> : null}
    </button>
  );
}

type StreamVideoProps = { stream: MediaStream | null; muted?: boolean; className?: string; 'data-testid'?: string };

function StreamVideo({ stream, muted = false, className, ...rest }: StreamVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} className={className} {...rest} />;
}

function StreamAudio({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <audio ref={ref} autoPlay data-testid="remote-audio" />;
}
