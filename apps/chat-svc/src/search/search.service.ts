import { Injectable } from '@nestjs/common';
import { SEARCH_PAGE_SIZE, canEnterVipRooms, type SearchMessagesRequestDto, type SearchPageDto } from '@app/contracts';
import { MessagesService } from '../messages/messages.service';
import { SearchRepository } from './search.repository';

@Injectable()
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly messages: MessagesService,
  ) {}

  /** Newest first, a page at a time; each result names its room so it can be opened there. */
  async messagesFor(dto: SearchMessagesRequestDto): Promise<SearchPageDto> {
    const hits = await this.search.messages(dto.actor.id, canEnterVipRooms(dto.actor.role), dto.q.trim(), dto.before, SEARCH_PAGE_SIZE + 1);
    const page = hits.slice(0, SEARCH_PAGE_SIZE);
    const found = await this.search.messagesByIds(page.map((h) => h.messageId));
    const byId = new Map((await this.messages.withSenders(found)).map((m) => [m.id, m]));
    return {
      results: page.flatMap((hit) => {
        const message = byId.get(hit.messageId);
        return message ? [{ message, room: { id: message.roomId, name: hit.roomName, type: hit.roomType } }] : [];
      }),
      nextCursor: hits.length > SEARCH_PAGE_SIZE ? page[page.length - 1].messageId : null,
    };
  }
}
