import type { PrivateChatSummaryDto } from '@app/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CountBadge } from '@/components/ui/count-badge';
import { toast } from '@/components/ui/toast-store';
import { shortAgo } from '@/lib/short-ago';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useUnreadNotifications } from '@/features/notifications/hooks/use-unread-notifications';
import { useDeletePrivateChatMutation } from '../api/chat-api';
import { recordChatSource, type ChatSource } from '@/lib/chat-source';
import { CHAT_TEXT, CHAT_TOASTS, PRIVATE_CHATS_TEXT, VOICE_TEXT } from '../chat-copy';
import { DeleteChatDialog } from './delete-chat-dialog';
import { shownName } from '@/lib/shown-name';

export type ChatListProps = {
  chats: PrivateChatSummaryDto[];
  /** Recorded when a chat is opened, so leaving it leads back here. */
  source: ChatSource;
};

/** The line under a chat's name: what its last message was, its words only while previews are on. */
function lastMessageLine(last: PrivateChatSummaryDto['lastMessage'], showText: boolean): string {
  if (!last) return PRIVATE_CHATS_TEXT.noMessages;
  if (last.removedBy) return last.removedBy === 'sender' ? PRIVATE_CHATS_TEXT.deleted : PRIVATE_CHATS_TEXT.removedByModerator;
  if (last.type === 'image' || last.type === 'gif') return '📷';
  if (last.type === 'voice') return VOICE_TEXT.preview;
  return showText ? last.content : PRIVATE_CHATS_TEXT.previewHidden;
}

export function ChatList({ chats, source }: ChatListProps) {
  const [, navigate] = useLocation();
  const showText = useCurrentUser().user?.settings?.chat.messagePreview !== false;
  const [deleteChat] = useDeletePrivateChatMutation();
  // Live per chat: the notifications of messages that arrived while it was not open.
  const unreadIn = new Map(useUnreadNotifications().rooms.map((r) => [r.roomId, r.count]));
  const [asking, setAsking] = useState<{ id: number; name: string } | null>(null);
  const confirmDelete = async () => {
    if (!asking) return;
    setAsking(null);
    const result = await deleteChat(asking.id);
    if ('error' in result) toast({ title: CHAT_TOASTS.deleteChatFailed, variant: 'destructive' });
  };
  return (
    <>
      <ul className="space-y-2" aria-label={PRIVATE_CHATS_TEXT.title}>
        {chats.map((chat) => {
          const name = chat.name || shownName(chat.otherParticipant.username);
          const last = chat.lastMessage;
          const mine = last && !last.removedBy && last.sender.id !== chat.otherParticipant.id;
          return (
            <li key={chat.id}>
              <Card className="flex items-center gap-3 p-3" data-testid="chat-row" data-unread={chat.hasUnreadMessages}>
                <button
                  type="button"
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => {
                    recordChatSource(source);
                    navigate(`/chat/${chat.id}`);
                  }}
                >
                  {/* The letter of the name shown beside it: an expert's display name, not their username. */}
                  <UserAvatar name={name} src={chat.otherParticipant.avatar} className="h-11 w-11" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className={chat.hasUnreadMessages ? 'truncate font-bold' : 'truncate font-medium'}>{name}</span>
                      {chat.hasUnreadMessages ? <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-red-500" aria-label={CHAT_TEXT.unread} data-testid="unread-mark" /> : null}
                      <CountBadge count={unreadIn.get(chat.id) ?? 0} />
                    </span>
                    <span className={chat.hasUnreadMessages ? 'block truncate text-sm text-foreground' : 'block truncate text-sm text-muted-foreground'}>
                      {mine ? PRIVATE_CHATS_TEXT.you : ''}
                      {lastMessageLine(last, showText)}
                    </span>
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">{shortAgo(chat.lastActivityAt)}</span>
                </button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-9 w-9 shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={PRIVATE_CHATS_TEXT.delete(name)}
                  onClick={() => setAsking({ id: chat.id, name })}
                >
                  <Trash2 className="h-4 w-4" />
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
      <DeleteChatDialog name={asking?.name ?? null} onConfirm={() => void confirmDelete()} onCancel={() => setAsking(null)} />
    </>
  );
}
