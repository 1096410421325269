import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SearchMessagesQueryDto, SearchPatterns, type SearchPageDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { actorOf } from '../common/actor';
import { AuthGuard, CurrentUser } from '../common/auth.guards';

@ApiTags('search')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Controller('search')
export class SearchController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'Messages matching the words, newest first, from public rooms and your own private chats' })
  @Get('messages')
  messages(@Query() query: SearchMessagesQueryDto, @CurrentUser() user: UserDto): Promise<SearchPageDto> {
    return this.rpc.request(SearchPatterns.Messages, { ...query, actor: actorOf(user) });
  }
}
