import type { MessageDto, RoomDto, UserDto, UserSummary } from '@app/contracts';
import { canModerate } from '@app/contracts/browser';
import { Ban, CornerUpLeft, Flag, MoreHorizontal, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { PERSON_MENU_TEXT, REPLY_TEXT } from '../chat-copy';
import { PinMenuItem } from './pin-menu-item';
import { ReportDialog, type ReportTarget } from '@/features/moderation/components/report-dialog';
import { REPORT_TEXT } from '@/features/moderation/report-copy';
import { BLOCK_TEXT } from '@/features/safety/safety-copy';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@/components/ui/menu';
import { useBlockToggle, type BlockToggle } from '@/features/safety/hooks/use-block-toggle';

export type PersonMenuProps = {
  /** With a role, moderators are offered no Block: the server refuses it. */
  person: Pick<UserSummary, 'id' | 'username'> & Partial<Pick<UserSummary, 'role'>>;
  /** Offers "Report message" too. */
  message?: MessageDto;
  blocks: BlockToggle;
  className?: string;
  /** Offers "Reply" to the message, to those who may write in the room. */
  onReply?: () => void;
};

/** Report a message or its author, block or unblock them: offered on other people, to members. */
export function PersonMenu({ person, message, blocks, className, onReply }: PersonMenuProps) {
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const blocked = blocks.isBlocked(person.id);
  const blockable = !person.role || !canModerate(person.role);
  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <button
            type="button"
            className={cn('rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
            aria-label={message ? PERSON_MENU_TEXT.message(person.username) : PERSON_MENU_TEXT.person(person.username)}
          >
            <MoreHorizontal className="h-4 w-4" aria-hidden />
          </button>
        </MenuTrigger>
        <MenuContent align="end" sideOffset={4} className="w-52">
          {onReply ? (
            <MenuItem onSelect={onReply}>
              <CornerUpLeft className="h-4 w-4 text-muted-foreground" aria-hidden /> {REPLY_TEXT.reply}
            </MenuItem>
          ) : null}
          {message ? <PinMenuItem message={message} /> : null}
          {message ? (
            <MenuItem onSelect={() => setReporting({ type: 'message', id: message.id, label: PERSON_MENU_TEXT.messageBy(person.username) })}>
              <Flag className="h-4 w-4 text-muted-foreground" aria-hidden /> {REPORT_TEXT.reportMessage}
            </MenuItem>
          ) : null}
          <MenuItem onSelect={() => setReporting({ type: 'user', id: person.id, label: person.username })}>
            <Flag className="h-4 w-4 text-muted-foreground" aria-hidden /> {REPORT_TEXT.reportUser(person.username)}
          </MenuItem>
          {blockable ? (
            <MenuItem onSelect={() => void blocks.toggle(person)}>
              {blocked ? <ShieldCheck className="h-4 w-4 text-muted-foreground" aria-hidden /> : <Ban className="h-4 w-4 text-muted-foreground" aria-hidden />}
              {blocked ? BLOCK_TEXT.unblock(person.username) : BLOCK_TEXT.block(person.username)}
            </MenuItem>
          ) : null}
        </MenuContent>
      </Menu>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </>
  );
}

export type ChatPartnerMenuProps = { room: RoomDto; me: UserDto };

/** The private chat header's Report and Block for the other person; blocking turns the composer read-only at once. */
export function ChatPartnerMenu({ room, me }: ChatPartnerMenuProps) {
  const member = me.role !== 'guest';
  const blocks = useBlockToggle(member);
  const other = room.participants.find((p) => p.id !== me.id);
  if (!member || !other) return null;
  return <PersonMenu person={other} blocks={blocks} className="p-2" />;
}
