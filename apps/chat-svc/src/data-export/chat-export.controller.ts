import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatExportPageRequestDto, DATA_EXPORT_PAGE_SIZE, DataExportPatterns, type DataExportPageDto } from '@app/contracts';
import { ChatExportRepository } from './chat-export.repository';

/** chat-svc's part of "Download my data". */
@Controller()
export class ChatExportController {
  constructor(private readonly rows: ChatExportRepository) {}

  @MessagePattern(DataExportPatterns.ChatPage)
  async page(@Payload() { userId, part, after }: ChatExportPageRequestDto): Promise<DataExportPageDto> {
    const items = await this.rows.page(part, userId, after, DATA_EXPORT_PAGE_SIZE);
    return { items, next: items.length < DATA_EXPORT_PAGE_SIZE ? null : Number(items[items.length - 1].id) };
  }
}

@Module({ controllers: [ChatExportController], providers: [ChatExportRepository] })
export class ChatExportModule {}
