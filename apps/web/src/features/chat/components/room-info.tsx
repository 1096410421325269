import type { RoomDto, UserDto } from '@app/contracts';
import { canPin } from '@app/contracts/browser';
import { Info, PinOff } from 'lucide-react';
import { useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { usePinMutation } from '../api/chat-api';
import { messageFocusRequested } from '../chat-slice';
import { PIN_TEXT, ROOM_INFO_TEXT } from '../chat-copy';
import { useVisiblePins } from '../hooks/use-visible-pins';
import { quoteText } from './reply-quote';
import { RoomRules } from './room-rules';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';
import { shownName } from '@/lib/shown-name';

/** The header's button to a public room's information: rules, owner, created date, limits and pinned messages. */
export function RoomInfoButton({ room, me }: { room: RoomDto; me: UserDto }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={ROOM_INFO_TEXT.open} onClick={() => setOpen(true)}>
        <Info className="h-5 w-5" aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[85dvh] max-w-md overflow-y-auto" data-testid="room-info">
          {open ? <RoomInfo room={room} me={me} onClose={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function RoomInfo({ room, me, onClose }: { room: RoomDto; me: UserDto; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { pins, isLoading } = useVisiblePins(room.id);
  const [pin] = usePinMutation();
  const mayPin = canPin(me, room);
  const locale = useFormatLocale();
  const unpin = async (messageId: number) => {
    const result = await pin({ roomId: room.id, messageId, remove: true });
    if ('error' in result) toast({ title: errorMessage(result.error, PIN_TEXT.failed), variant: 'destructive' });
  };
  const row = (label: string, value: string, testId: string) => (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <>
      <DialogTitle className="pr-6 text-lg font-semibold">{ROOM_INFO_TEXT.title(room.name)}</DialogTitle>
      <DialogDescription className="sr-only">{ROOM_INFO_TEXT.open}</DialogDescription>
      <div className="mt-3">
        <RoomRules room={room} />
      </div>
      <dl className="mt-4 flex flex-col gap-1.5 text-sm">
        {room.owner ? row(ROOM_INFO_TEXT.owner, room.owner.username, 'room-owner') : null}
        {row(ROOM_INFO_TEXT.created, formatDate(room.createdAt, locale), 'room-created')}
        {row(ROOM_INFO_TEXT.slowMode, room.messageCooldown > 0 ? ROOM_INFO_TEXT.slowModeOn(room.messageCooldown) : ROOM_INFO_TEXT.slowModeOff, 'room-slow-mode')}
        {row(ROOM_INFO_TEXT.images, room.allowImages ? ROOM_INFO_TEXT.allowed : ROOM_INFO_TEXT.notAllowed, 'room-images')}
        {row(ROOM_INFO_TEXT.gifs, room.allowGifs ? ROOM_INFO_TEXT.allowed : ROOM_INFO_TEXT.notAllowed, 'room-gifs')}
      </dl>
      <section className="mt-4" aria-label={ROOM_INFO_TEXT.pinned}>
        <h3 className="text-sm font-semibold">{ROOM_INFO_TEXT.pinned}</h3>
        {isLoading ? (
          <p className="mt-1 text-sm text-muted-foreground" role="status">
            {ROOM_INFO_TEXT.loadingPins}
          </p>
        ) : !pins?.length ? (
          <p className="mt-1 text-sm text-muted-foreground">{ROOM_INFO_TEXT.noPins}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1" data-testid="room-pins">
            {pins.map((p) => (
              <li key={p.message.id} className="flex items-center gap-1">
                <button
                  type="button"
                  className="min-w-0 flex-1 truncate rounded-md px-2 py-1 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => {
                    dispatch(messageFocusRequested({ roomId: room.id, messageId: p.message.id }));
                    onClose();
                  }}
                  aria-label={PIN_TEXT.goTo(shownName(p.message.sender.username))}
                >
                  <span className="font-semibold">{shownName(p.message.sender.username)}</span>: {quoteText(p.message)}
                </button>
                {mayPin ? (
                  <Button variant="ghost" size="icon" className="h-8 w-8 shrink-0" aria-label={PIN_TEXT.unpin} onClick={() => void unpin(p.message.id)}>
                    <PinOff className="h-4 w-4" aria-hidden />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
