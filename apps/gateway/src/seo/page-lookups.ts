import { ChatPatterns, MarketplacePatterns } from '@app/contracts';
import type { RpcClient } from '@app/server';
import type { PageLookups } from './page-head';

/** A page waits this long at most for its data; without it, it is served with the site's own head. */
const LOOKUP_TIMEOUT_MS = 1500;

/** The data a page's head names, asked of its service as a visitor would see it (no viewer: only what is public). */
export function pageLookups(rpc: RpcClient): PageLookups {
  const orNull = <T>(answer: Promise<T>): Promise<T | null> => answer.catch(() => null);
  return {
    seller: (id) => orNull(rpc.request(MarketplacePatterns.GetSeller, { id }, LOOKUP_TIMEOUT_MS)),
    room: (roomId) => orNull(rpc.request(ChatPatterns.GetRoom, { roomId }, LOOKUP_TIMEOUT_MS)),
  };
}
