import type { OnlineUserDto } from '@app/contracts';
import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { RoleBadge } from '@/components/role-badge';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ROLE_RANK } from '@app/contracts/browser';
import { useBlockToggle } from '@/features/safety/hooks/use-block-toggle';
import { CHAT_TEXT } from '../chat-copy';
import type { Connection } from '../hooks/use-connection';
import { PersonMenu } from './person-menu';

/** Spec: filtered by a case-insensitive username substring, ordered by role rank, then by joinedAt. */
export function visibleOnlineUsers(users: OnlineUserDto[], filter: string): OnlineUserDto[] {
  const needle = filter.trim().toLowerCase();
  return users
    .filter((u) => !needle || u.username.toLowerCase().includes(needle))
    .sort((a, b) => ROLE_RANK[a.role] - ROLE_RANK[b.role] || Date.parse(a.joinedAt) - Date.parse(b.joinedAt));
}

export type OnlineUsersDrawerProps = {
  users: OnlineUserDto[];
  myId: number;
  onPick: (user: OnlineUserDto) => void;
  /** Members may report and block the people listed. */
  canModerate?: boolean;
  /** Away from the server the count is not known: the button says what the header says instead. */
  connection?: Connection;
};

export function OnlineUsersDrawer({ users, myId, onPick, canModerate = false, connection }: OnlineUsersDrawerProps) {
  const blocks = useBlockToggle(canModerate);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => visibleOnlineUsers(users, filter), [users, filter]);
  const stale = connection !== undefined && !connection.online;
  const count = stale ? connection.label : String(users.length);
  return (
    <>
      <Button variant="ghost" size="sm" className="gap-1.5" onClick={() => setOpen(true)} aria-label={`${CHAT_TEXT.onlineUsers}: ${count}`} data-testid="online-count">
        <Users className="h-4 w-4" aria-hidden />
        {/* A number kept from before the connection dropped would be a guess. */}
        <span className="tabular-nums" aria-hidden={stale}>
          {stale ? '–' : count}
        </span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent placement="right" className="flex flex-col gap-3">
          <DialogTitle className="pr-6 text-lg font-semibold">{CHAT_TEXT.onlineUsers}</DialogTitle>
          <DialogDescription className="text-sm text-muted-foreground">{CHAT_TEXT.onlineCount(users.length)}</DialogDescription>
          <Input value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={CHAT_TEXT.filterUsers} aria-label={CHAT_TEXT.filterUsers} />
          <div className="-mx-1 flex flex-1 items-start gap-1 overflow-y-auto">
            <ul className="min-w-0 flex-1 space-y-0.5" aria-label={CHAT_TEXT.onlineUsers}>
              {shown.length === 0 ? <li className="p-3 text-center text-sm text-muted-foreground">{CHAT_TEXT.noUsersMatch}</li> : null}
              {shown.map((user) => (
                <li key={user.id} className="h-12">
                  <button
                    type="button"
                    className="flex h-full w-full items-center gap-2.5 rounded-md px-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => {
                      setOpen(false);
                      onPick(user);
                    }}
                    title={user.id === myId ? undefined : CHAT_TEXT.startChatWith(user.username)}
                  >
                    <UserAvatar name={user.username} src={user.avatar} className="h-8 w-8 text-sm" />
                    <span className="min-w-0 flex-1 truncate font-medium">
                      {user.username} {user.id === myId ? <span className="font-normal text-muted-foreground">{CHAT_TEXT.you}</span> : null}
                    </span>
                    {user.role !== 'user' ? <RoleBadge role={user.role} className="px-1.5 py-0 text-[10px]" /> : null}
                  </button>
                </li>
              ))}
            </ul>
            {canModerate && shown.length > 0 ? (
              // Beside the list, row for row, so each entry stays one button that starts a chat.
              <ul className="space-y-0.5" aria-label={CHAT_TEXT.personActions}>
                {shown.map((user) => (
                  <li key={user.id} className="flex h-12 w-7 items-center justify-center" aria-hidden={user.id === myId || undefined}>
                    {user.id !== myId ? <PersonMenu person={user} blocks={blocks} /> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
