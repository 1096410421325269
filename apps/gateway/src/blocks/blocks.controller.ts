import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BlockPatterns, BlockUserDto, type BlockedUserDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { AuthGuard, CurrentUser } from '../common/auth.guards';
import { actorOf } from '../common/actor';
import { ParseIdPipe } from '../common/id.pipe';

/** The signed-in person's block list. Private: the blocked person is never told. */
@ApiTags('blocks')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Controller('blocks')
export class BlocksController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'The people you blocked, newest first' })
  @Get()
  list(@CurrentUser() user: UserDto): Promise<BlockedUserDto[]> {
    return this.rpc.request(BlockPatterns.List, { actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Blocks a person: no private chats or calls either way, and you stop seeing their messages; moderators cannot be blocked (403)' })
  @Post()
  @HttpCode(201)
  block(@CurrentUser() user: UserDto, @Body() body: BlockUserDto): Promise<BlockedUserDto> {
    return this.rpc.request(BlockPatterns.Block, { actor: actorOf(user), userId: body.userId });
  }

  @ApiOperation({ summary: 'Unblocks a person; 404 when they are not blocked' })
  @Delete(':userId')
  unblock(@CurrentUser() user: UserDto, @Param('userId', ParseIdPipe) userId: number): Promise<{ ok: true }> {
    return this.rpc.request(BlockPatterns.Unblock, { actor: actorOf(user), userId });
  }
}
