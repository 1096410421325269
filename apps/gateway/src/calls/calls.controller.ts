import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CallPatterns,
  canStartCalls,
  EndCallDto,
  ErrorCode,
  fieldMessage,
  ListCallsQueryDto,
  PLATFORM_COMMISSION_PERCENT,
  StartCallDto,
  type CallSessionDto,
  type IceServersDto,
  type SellerEarningsDto,
  type UserDto,
} from '@app/contracts';
import { RpcClient } from '@app/server';
import { actorOf } from '../common/actor';
import { AuthGuard, clientIp, CurrentUser } from '../common/auth.guards';
import { refusal } from '../common/http-exception.filter';
import type { SessionRequest } from '../common/session.middleware';
import { gatewayEnv } from '../config/gateway-env';
import { CallIdPipe } from './call-id.pipe';
import { iceServersFor, urlList } from './ice-servers';

/** Calls as a browser drives them. marketplace-svc enforces every rule; this maps HTTP to its patterns. */
@ApiTags('calls')
@ApiCookieAuth()
@Controller('calls')
@UseGuards(AuthGuard)
export class CallsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'Calls a seller (vip, or a seller calling another seller): the call rings; 403 by role, 409 busy, 422 cannot take calls' })
  @Post()
  start(@Body() body: StartCallDto, @CurrentUser() user: UserDto, @Req() req: SessionRequest): Promise<CallSessionDto> {
    return this.rpc.request(CallPatterns.Start, { ...body, actor: actorOf(user), ip: clientIp(req) });
  }

  @ApiOperation({ summary: "The signed-in user's calls on either side, newest first (limit, before)" })
  @Get()
  list(@Query() query: ListCallsQueryDto, @CurrentUser() user: UserDto): Promise<CallSessionDto[]> {
    return this.rpc.request(CallPatterns.List, { ...query, actor: actorOf(user) });
  }

  @ApiOperation({ summary: "The signed-in user's open call (ringing, accepted or connected), or null" })
  @Get('current')
  async current(@CurrentUser() user: UserDto): Promise<{ session: CallSessionDto | null }> {
    return { session: await this.rpc.request(CallPatterns.Current, { actor: actorOf(user) }) };
  }

  @ApiOperation({ summary: `A seller's billed calls by month, with the ${PLATFORM_COMMISSION_PERCENT}% commission and what they earned` })
  @Get('earnings')
  earnings(@CurrentUser() user: UserDto): Promise<SellerEarningsDto> {
    return this.rpc.request(CallPatterns.Earnings, { actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'STUN and TURN servers for the call, TURN with credentials valid for ttlSeconds' })
  @Get('ice-servers')
  iceServers(@CurrentUser() user: UserDto): IceServersDto {
    // The only rule kept here: no service owns ICE servers. A seller being called has role seller.
    if (!canStartCalls(user.role)) {
      throw refusal(403, ErrorCode.Forbidden, fieldMessage('call_role_cannot_call'));
    }
    const env = gatewayEnv();
    return iceServersFor(user.id, {
      stunUrls: urlList(env.STUN_URLS),
      turnUrls: urlList(env.TURN_URLS),
      turnSecret: env.TURN_SECRET,
      ttlSeconds: env.TURN_CREDENTIAL_TTL_SECONDS,
    });
  }

  @ApiOperation({ summary: 'One call; its participants only' })
  @Get(':id')
  get(@Param('id', CallIdPipe) sessionId: number, @CurrentUser() user: UserDto): Promise<CallSessionDto> {
    return this.rpc.request(CallPatterns.Get, { sessionId, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'The called seller answers a ringing call; the per-minute price is fixed now' })
  @Post(':id/accept')
  @HttpCode(200)
  accept(@Param('id', CallIdPipe) sessionId: number, @CurrentUser() user: UserDto): Promise<CallSessionDto> {
    return this.rpc.request(CallPatterns.Accept, { sessionId, actor: actorOf(user) });
  }
}

/** The spec's call for hanging up: declining while it rings, cancelling, or ending the call. */
@ApiTags('calls')
@ApiCookieAuth()
@Controller('sessions')
@UseGuards(AuthGuard)
export class CallSessionsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({
    summary:
      'Ends a call for either participant: declined (seller, ringing), cancelled, completed; body optional, { reason: "failed" } when media failed. Ending an ended call answers it unchanged',
  })
  @Post('end-call/:sessionId')
  @HttpCode(200)
  end(@Param('sessionId', CallIdPipe) sessionId: number, @Body() body: EndCallDto, @CurrentUser() user: UserDto): Promise<CallSessionDto> {
    // Billed to this moment, and sent again while marketplace-svc is between two NATS nodes.
    const request = { sessionId, actor: actorOf(user), requestedAt: Date.now(), ...(body?.reason ? { reason: body.reason } : {}) };
    return this.rpc.request(CallPatterns.End, request, undefined, { untilHeard: true });
  }
}
