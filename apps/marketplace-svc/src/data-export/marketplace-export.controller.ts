import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DATA_EXPORT_PAGE_SIZE, DataExportPatterns, MarketplaceExportPageRequestDto, type DataExportPageDto } from '@app/contracts';
import { MarketplaceExportRepository } from './marketplace-export.repository';

/** marketplace-svc's part of "Download my data". */
@Controller()
export class MarketplaceExportController {
  constructor(private readonly rows: MarketplaceExportRepository) {}

  @MessagePattern(DataExportPatterns.MarketplacePage)
  async page(@Payload() { userId, part, after }: MarketplaceExportPageRequestDto): Promise<DataExportPageDto> {
    const items = await this.rows.page(part, userId, after, DATA_EXPORT_PAGE_SIZE);
    return { items, next: items.length < DATA_EXPORT_PAGE_SIZE ? null : Number(items[items.length - 1].id) };
  }
}

@Module({ controllers: [MarketplaceExportController], providers: [MarketplaceExportRepository] })
export class MarketplaceExportModule {}
