import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SearchMessagesRequestDto, SearchPatterns } from '@app/contracts';
import { SearchService } from './search.service';

@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @MessagePattern(SearchPatterns.Messages)
  messages(@Payload() dto: SearchMessagesRequestDto) {
    return this.search.messagesFor(dto);
  }
}
