import { ChevronDown, MessageSquare, Store } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useGetMarketplaceChatsQuery, useGetMyChatsQuery } from '../api/chat-api';
import { MY_CHATS_TEXT, PRIVATE_CHATS_TEXT } from '../chat-copy';
import { ChatList } from './chat-list';

/** Shown again on every visit, so the unread marks are today's. */
const FRESH = { refetchOnMountOrArgChange: true } as const;

function ListState({ loading, failed, onRetry }: { loading: boolean; failed: boolean; onRetry: () => void }) {
  if (loading) {
    return (
      <p className="py-8 text-center text-muted-foreground" role="status">
        {PRIVATE_CHATS_TEXT.loading}
      </p>
    );
  }
  if (failed) {
    return (
      <Card className="p-6 text-center">
        <p className="text-destructive" role="alert">
          {PRIVATE_CHATS_TEXT.loadFailed}
        </p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          {PRIVATE_CHATS_TEXT.retry}
        </Button>
      </Card>
    );
  }
  return null;
}

/** /private-chats: every one-to-one conversation. */
export function PrivateChats() {
  const { data: chats, isLoading, isError, refetch } = useGetMyChatsQuery(undefined, FRESH);
  if (isLoading || isError) return <ListState loading={isLoading} failed={isError} onRetry={() => void refetch()} />;
  if (!chats || chats.length === 0) {
    return (
      <Card className="flex flex-col items-center p-10 text-center">
        <MessageSquare className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="mt-4 font-semibold">{PRIVATE_CHATS_TEXT.empty}</p>
        <p className="mt-1 text-sm text-muted-foreground">{PRIVATE_CHATS_TEXT.emptyHint}</p>
        <Button asChild className="mt-6">
          <Link to="/public-rooms">{PRIVATE_CHATS_TEXT.browseRooms}</Link>
        </Button>
      </Card>
    );
  }
  return <ChatList chats={chats} source="private-chats" />;
}

export type MyChatsProps = {
  /** An expert sees the buyers who wrote to them, and is sent to their profile rather than to other experts. */
  asSeller?: boolean;
};

/** /my-chats: the marketplace conversations, in a collapsible section. */
export function MyChats({ asSeller = false }: MyChatsProps) {
  const [open, setOpen] = useState(true);
  const { data: chats, isLoading, isError, refetch } = useGetMarketplaceChatsQuery(undefined, FRESH);
  const unread = chats?.filter((chat) => chat.hasUnreadMessages).length ?? 0;
  return (
    <section>
      <button
        type="button"
        className="mb-3 flex w-full items-center justify-between rounded-md py-2 text-left font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-expanded={open}
        aria-controls="marketplace-chats"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="flex items-center gap-2">
          <Store className="h-4 w-4" aria-hidden /> {MY_CHATS_TEXT.section}
          {chats ? <span className="text-sm font-normal text-muted-foreground">({chats.length}{unread ? `, ${unread} unread` : ''})</span> : null}
        </span>
        <ChevronDown className={open ? 'h-4 w-4 rotate-180 transition' : 'h-4 w-4 transition'} aria-hidden />
      </button>
      <div id="marketplace-chats" hidden={!open}>
        {isLoading || isError ? (
          <ListState loading={isLoading} failed={isError} onRetry={() => void refetch()} />
        ) : !chats || chats.length === 0 ? (
          <Card className="flex flex-col items-center p-10 text-center">
            <Store className="h-10 w-10 text-muted-foreground" aria-hidden />
            <p className="mt-4 font-semibold">{asSeller ? MY_CHATS_TEXT.seller.empty : MY_CHATS_TEXT.empty}</p>
            <p className="mt-1 text-sm text-muted-foreground">{asSeller ? MY_CHATS_TEXT.seller.emptyHint : MY_CHATS_TEXT.emptyHint}</p>
            <Button asChild className="mt-6">
              {asSeller ? <Link to="/seller-profile">{MY_CHATS_TEXT.seller.action}</Link> : <Link to="/marketplace">{MY_CHATS_TEXT.browse}</Link>}
            </Button>
          </Card>
        ) : (
          <ChatList chats={chats} source="my-chats" />
        )}
      </div>
    </section>
  );
}
