import type { UserSummary } from '@app/contracts';
import { canModerate } from '@app/contracts/browser';
import { Ban, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useBlockToggle } from '../hooks/use-block-toggle';
import { BLOCK_TEXT } from '../safety-copy';

export type BlockButtonProps = {
  /** The person blocked, with the name the page shows them by; with a role, moderators are left out. */
  person: Pick<UserSummary, 'id' | 'username'> & Partial<Pick<UserSummary, 'role'>>;
};

/** A quiet Block (or Unblock) for pages about one person; not offered to guests, on oneself or on moderators. */
export function BlockButton({ person }: BlockButtonProps) {
  const { user } = useCurrentUser();
  const offered = !!user && user.role !== 'guest' && user.id !== person.id && !(person.role && canModerate(person.role));
  const blocks = useBlockToggle(offered);
  if (!offered || !blocks.loaded) return null;
  const blocked = blocks.isBlocked(person.id);
  return (
    <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={() => void blocks.toggle(person)}>
      {blocked ? <ShieldCheck className="h-4 w-4" aria-hidden /> : <Ban className="h-4 w-4" aria-hidden />}
      {blocked ? BLOCK_TEXT.unblock(person.username) : BLOCK_TEXT.block(person.username)}
    </Button>
  );
}
