import type { MessageDto, RoomType } from './chat.types';

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE = 20;

export const SearchMessages = {
  QueryLength: `Search for ${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters`,
} as const;

/** Request/reply patterns of message search, answered by chat-svc. */
export const SearchPatterns = {
  /** SearchMessagesRequestDto -> SearchPageDto: newest first, only messages the actor may read */
  Messages: 'chat.search.messages',
} as const;

export interface SearchResultDto {
  message: MessageDto;
  room: { id: number; name: string; type: RoomType };
}

export interface SearchPageDto {
  results: SearchResultDto[];
  /** Pass as `before` for older results; null when there are none. */
  nextCursor: number | null;
}
