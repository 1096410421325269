import type { RoomDto } from '@app/contracts';
import { ROOM_INFO_TEXT } from '../chat-copy';

/** A public room's description and its own rules, as members read them before and after joining. */
export function RoomRules({ room }: { room: Pick<RoomDto, 'description' | 'customRules'> }) {
  if (!room.description && !room.customRules) return null;
  return (
    <div className="flex flex-col gap-2 text-left text-sm" data-testid="room-rules">
      {room.description ? <p className="break-words text-muted-foreground">{room.description}</p> : null}
      {room.customRules ? (
        <section aria-label={ROOM_INFO_TEXT.rules}>
          <h3 className="font-semibold">{ROOM_INFO_TEXT.rules}</h3>
          <p className="mt-1 break-words whitespace-pre-wrap">{room.customRules}</p>
        </section>
      ) : null}
    </div>
  );
}
