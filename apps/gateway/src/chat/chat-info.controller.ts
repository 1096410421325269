import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthPatterns, ChatPatterns, MarketplacePatterns, RecentMessagesQueryDto, type MessageDto, type StatsDto } from '@app/contracts';
import { RpcClient } from '@app/server';

const STATS_TIMEOUT_MS = 2000;

/** The landing page's live parts: the message preview and the stats. */
@ApiTags('rooms')
@Controller()
export class ChatInfoController {
  constructor(private readonly rpc: RpcClient) {}

  /** The newest text messages of public rooms, oldest first (limit 1-20, default 3). */
  @Get('messages/recent')
  recent(@Query() query: RecentMessagesQueryDto): Promise<MessageDto[]> {
    return this.rpc.request(ChatPatterns.RecentMessages, { limit: query.limit ?? 3 });
  }

  /** Total users and the average seller rating; a service that does not answer leaves its field null. */
  @Get('stats')
  async stats(): Promise<StatsDto> {
    const [users, rating] = await Promise.allSettled([
      this.rpc.request(AuthPatterns.CountUsers, {}, STATS_TIMEOUT_MS),
      this.rpc.request(MarketplacePatterns.GetRatingStats, {}, STATS_TIMEOUT_MS),
    ]);
    return {
      totalUsers: users.status === 'fulfilled' && typeof users.value?.count === 'number' ? users.value.count : null,
      rating: rating.status === 'fulfilled' && typeof rating.value?.rating === 'number' ? rating.value.rating : null,
    };
  }
}
