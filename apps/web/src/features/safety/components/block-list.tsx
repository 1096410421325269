import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { useGetBlocksQuery } from '../api/blocks-api';
import { useBlockToggle } from '../hooks/use-block-toggle';
import { BLOCK_TEXT } from '../safety-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

/** The settings' block list, newest first, each with Unblock. */
export function BlockList() {
  const { data, isLoading } = useGetBlocksQuery();
  const { toggle } = useBlockToggle();
  const locale = useFormatLocale();
  return (
    <SectionCard titleId="blocked-people-title" title={BLOCK_TEXT.listTitle} description={BLOCK_TEXT.listDescription}>
      {isLoading ? (
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          {BLOCK_TEXT.loading}
        </p>
      ) : !data?.length ? (
        <p className="mt-4 text-sm text-muted-foreground">{BLOCK_TEXT.listEmpty}</p>
      ) : (
        <ul className="mt-4 divide-y" aria-label={BLOCK_TEXT.listTitle}>
          {data.map(({ user, blockedAt }) => (
            <li key={user.id} className="flex items-center gap-3 py-2">
              <UserAvatar name={user.username} src={user.avatar} className="h-8 w-8 text-sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{user.username}</p>
                <p className="text-xs text-muted-foreground">
                  {BLOCK_TEXT.blockedOn} {formatDate(blockedAt, locale)}
                </p>
              </div>
              <Button size="sm" variant="outline" aria-label={BLOCK_TEXT.unblock(user.username)} onClick={() => void toggle(user)}>
                {BLOCK_TEXT.unblockButton}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
