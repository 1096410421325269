import type { UserSummary } from '@app/contracts';
import { useMemo } from 'react';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useBlockUserMutation, useGetBlocksQuery, useUnblockUserMutation } from '../api/blocks-api';
import { BLOCK_TEXT } from '../safety-copy';

export interface BlockToggle {
  /** The ids of the people the signed-in person blocked. */
  blockedIds: ReadonlySet<number>;
  /** The list has arrived: `isBlocked` is an answer, not a guess. */
  loaded: boolean;
  isBlocked: (userId: number) => boolean;
  /** Blocks or unblocks, and says which in a toast. */
  toggle: (user: Pick<UserSummary, 'id' | 'username'>) => Promise<void>;
}

/** Block and Unblock wherever a person is shown; guests have no block list. */
export function useBlockToggle(enabled = true): BlockToggle {
  const { data } = useGetBlocksQuery(undefined, { skip: !enabled });
  const [block] = useBlockUserMutation();
  const [unblock] = useUnblockUserMutation();
  const blockedIds = useMemo(() => new Set((data ?? []).map((b) => b.user.id)), [data]);

  const toggle = async (user: Pick<UserSummary, 'id' | 'username'>) => {
    const wasBlocked = blockedIds.has(user.id);
    const result = wasBlocked ? await unblock(user.id) : await block(user.id);
    if ('error' in result) {
      toast({ title: BLOCK_TEXT.failed, description: errorMessage(result.error, BLOCK_TEXT.failed), variant: 'destructive' });
      return;
    }
    toast({ title: wasBlocked ? BLOCK_TEXT.unblocked(user.username) : BLOCK_TEXT.blocked(user.username) });
  };

  return { blockedIds, loaded: data !== undefined, isBlocked: (id) => blockedIds.has(id), toggle };
}
