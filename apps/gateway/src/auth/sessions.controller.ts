import { Body, Controller, Delete, Get, HttpCode, Injectable, Param, Post, Req, UseGuards, type PipeTransform } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { EndSessionByLinkDto, fieldMessage, SESSION_ID_PATTERN, SessionPatterns, type SessionInfoDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { AuthGuard, CurrentUser, Roles, sessionKey } from '../common/auth.guards';
import { fieldRefusal } from '../common/http-exception.filter';
import type { SessionRequest } from '../common/session.middleware';
import { SessionService } from '../common/session.service';

/** A session's public id from the path, or a 400 naming it. */
@Injectable()
export class ParseSessionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!SESSION_ID_PATTERN.test(value)) {
      throw fieldRefusal('id', fieldMessage('session_id'));
    }
    return value;
  }
}

/** The signed-in member's sessions (Settings → Devices). */
@ApiTags('auth')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Roles('user', 'vip', 'seller', 'moderator')
@Controller('users/me/sessions')
export class SessionsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
  ) {}

  @ApiOperation({
    summary: 'Where the account is signed in: each session with browser, system, country, how it was signed in, when it began and was last active',
    description: 'The session asking comes first, marked current. Last activity is recorded at most once a minute.',
  })
  @Get()
  list(@CurrentUser() user: UserDto, @Req() req: SessionRequest): Promise<SessionInfoDto[]> {
    return this.rpc.request(SessionPatterns.List, { userId: user.id, sessionKey: sessionKey(req) });
  }

  @ApiOperation({
    summary: 'Signs out every other session of the account at once (their open pages too); this one stays',
    description: 'Answers how many sessions ended.',
  })
  @Post('end-others')
  @HttpCode(200)
  async endOthers(@CurrentUser() user: UserDto, @Req() req: SessionRequest): Promise<{ ended: number }> {
    const answer = await this.rpc.request(SessionPatterns.EndOthers, { userId: user.id, sessionKey: sessionKey(req) });
    this.sessions.invalidate(user.id);
    return answer;
  }

  @ApiOperation({
    summary: 'Signs out one session of the account at once (its open pages too)',
    description: '400 for an id that is not a session id; 404 when it is no live session of this account (another person\'s included); 409 for the session asking (sign out instead).',
  })
  @Delete(':id')
  async end(@Param('id', ParseSessionIdPipe) id: string, @CurrentUser() user: UserDto, @Req() req: SessionRequest): Promise<{ ok: true }> {
    const answer = await this.rpc.request(SessionPatterns.End, { userId: user.id, sessionKey: sessionKey(req), sessionId: id });
    this.sessions.invalidate(user.id);
    return answer;
  }
}

/** The link in a new-device mail: no session needed, it names the one session it ends. */
@ApiTags('auth')
@Controller('auth/sessions')
export class EndSessionLinkController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({
    summary: 'Ends the session a new-device mail is about, with the token of its link (signed, works once, 7 days)',
    description: 'Answers whether the session was still live. 400 with fields.token for a forged, used or expired link.',
  })
  @Post('end-by-link')
  @HttpCode(200)
  endByLink(@Body() dto: EndSessionByLinkDto): Promise<{ ended: boolean }> {
    return this.rpc.request(SessionPatterns.EndByLink, dto);
  }
}
