import { Controller, Get, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MarketplacePatterns, type LocaleDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { clientIp } from '../common/auth.guards';
import type { SessionRequest } from '../common/session.middleware';

@ApiTags('marketplace')
@Controller('locale')
export class LocaleController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: "The client's country (GeoIP, US when unknown), currency, USD rate and symbol" })
  @Get()
  locale(@Req() req: SessionRequest): Promise<LocaleDto> {
    return this.rpc.request(MarketplacePatterns.ResolveLocale, { ip: clientIp(req) });
  }
}
