import { MessageCircle } from 'lucide-react';
import { RoleBadge } from '@/components/role-badge';
import { UserAvatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { RECENT_MESSAGES_FRESH_SECONDS, RECENT_MESSAGES_LIMIT, useGetRecentMessagesQuery } from '@/features/chat/api/chat-api';
import { useText } from '@/i18n/use-text';

/** Recent public messages; sellers' messages sit on the right like replies in a chat. */
export function MessagePreview() {
  const { data, isLoading, isError } = useGetRecentMessagesQuery(RECENT_MESSAGES_LIMIT, {
    refetchOnMountOrArgChange: RECENT_MESSAGES_FRESH_SECONDS,
  });
  const t = useText();
  return (
    <Card className="flex flex-col self-center p-4 sm:p-5" aria-label={t('landing.preview.title')}>
      <h2 className="mb-4 flex items-center gap-2 text-sm font-semibold">
        <span className="h-2 w-2 rounded-full bg-green-500" aria-hidden /> {t('landing.preview.title')}
      </h2>
      {isLoading ? (
        <div className="space-y-3" aria-hidden>
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-12 animate-pulse rounded-lg bg-muted" />
          ))}
        </div>
      ) : isError || !data ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{t('landing.preview.unavailable')}</p>
      ) : data.length === 0 ? (
        <p className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
          <MessageCircle className="h-6 w-6" aria-hidden />
          {t('landing.preview.empty')}
        </p>
      ) : (
        <ul className="space-y-3">
          {data.slice(0, RECENT_MESSAGES_LIMIT).map((message) => {
            const fromSeller = message.sender?.role === 'seller';
            const name = message.sender?.username ?? t('landing.preview.unknownUser');
            return (
              <li key={message.id} className={cn('flex items-end gap-2', fromSeller && 'flex-row-reverse')}>
                <UserAvatar name={name} src={message.sender?.avatar} className="h-8 w-8 text-xs" />
                <div
                  className={cn(
                    'max-w-[80%] rounded-2xl px-3 py-2 text-sm',
                    fromSeller ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted',
                  )}
                >
                  <p className="mb-0.5 flex items-center gap-1 text-xs font-semibold">
                    {name} {fromSeller ? <RoleBadge role="seller" className="px-1.5 py-0 text-[10px]" /> : null}
                  </p>
                  <p className="wrap-anywhere">{message.content}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
