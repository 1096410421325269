import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AccountSearchQueryDto,
  AuditQueryDto,
  LiftSanctionDto,
  ModerationActionDto,
  ModerationPatterns,
  ModerationReasonDto,
  MuteUserDto,
  ReadNoticesDto,
  ReportsQueryDto,
  SanctionPatterns,
  SuspendUserDto,
  type AuditEntryDto,
  type ModerationAccountDto,
  type ModerationActionResultDto,
  type ModerationReportDto,
  type ModerationUserViewDto,
  type MyModerationStatusDto,
  type UserDto,
} from '@app/contracts';
import { RpcClient } from '@app/server';
import { actorOf } from '../common/actor';
import { AuthGuard, CurrentUser, ModerationDesk } from '../common/auth.guards';
import { ParseIdPipe } from '../common/id.pipe';

/**
 * The moderators' desk. The services check the role themselves (auth-svc from its own records),
 * so every refusal reads the same wherever it comes from; only the notices are for everyone.
 * A moderator uses the desk only with two-step sign-in on.
 */
@ApiTags('moderation')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@ModerationDesk()
@Controller('moderation')
export class ModerationController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'The reports queue: open first, oldest first; filter by status and kind' })
  @Get('reports')
  reports(@Query() query: ReportsQueryDto, @CurrentUser() user: UserDto): Promise<ModerationReportDto[]> {
    return this.rpc.request(ModerationPatterns.ListReports, { ...query, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'One report with its frozen evidence' })
  @Get('reports/:id')
  report(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<ModerationReportDto> {
    return this.rpc.request(ModerationPatterns.GetReport, { reportId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Closes a report (and the open ones about the same thing) with no action; 409 when already handled' })
  @Post('reports/:id/dismiss')
  @HttpCode(200)
  dismiss(@Param('id', ParseIdPipe) id: number, @Body() body: ModerationReasonDto, @CurrentUser() user: UserDto): Promise<ModerationActionResultDto> {
    return this.rpc.request(ModerationPatterns.Dismiss, { reason: body.reason, reportId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Removes a message for everyone in its room ("removed by a moderator")' })
  @Post('messages/:id/delete')
  @HttpCode(200)
  deleteMessage(@Param('id', ParseIdPipe) id: number, @Body() body: ModerationActionDto, @CurrentUser() user: UserDto): Promise<ModerationActionResultDto> {
    return this.rpc.request(ModerationPatterns.DeleteMessage, { ...body, messageId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Deletes a public room, recorded in the audit list' })
  @Post('rooms/:id/delete')
  @HttpCode(200)
  deleteRoom(@Param('id', ParseIdPipe) id: number, @Body() body: ModerationActionDto, @CurrentUser() user: UserDto): Promise<ModerationActionResultDto> {
    return this.rpc.request(ModerationPatterns.DeleteRoom, { ...body, roomId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Accounts by username or e-mail' })
  @Get('users')
  searchUsers(@Query() query: AccountSearchQueryDto, @CurrentUser() user: UserDto): Promise<ModerationAccountDto[]> {
    return this.rpc.request(SanctionPatterns.SearchAccounts, { q: query.q, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'An account, its sanctions, mute, warnings, reports about them and the audit entries about them' })
  @Get('users/:id')
  async userView(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<ModerationUserViewDto> {
    const actor = actorOf(user);
    const [account, record] = await Promise.all([
      this.rpc.request(SanctionPatterns.GetAccount, { userId: id, actor }),
      this.rpc.request(ModerationPatterns.UserRecord, { userId: id, actor }),
    ]);
    return { account, record };
  }

  @ApiOperation({ summary: 'Warns a user; they are told at once' })
  @Post('users/:id/warn')
  @HttpCode(200)
  warn(@Param('id', ParseIdPipe) id: number, @Body() body: ModerationActionDto, @CurrentUser() user: UserDto): Promise<ModerationActionResultDto> {
    return this.rpc.request(ModerationPatterns.Warn, { ...body, userId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Makes a user read-only in every public room for 1h, 24h or 1-30 days; 409 while muted' })
  @Post('users/:id/mute')
  @HttpCode(200)
  mute(@Param('id', ParseIdPipe) id: number, @Body() body: MuteUserDto, @CurrentUser() user: UserDto): Promise<ModerationActionResultDto> {
    return this.rpc.request(ModerationPatterns.Mute, { ...body, userId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Suspends an account for 1-30 days: its sessions end and its sockets close' })
  @Post('users/:id/suspend')
  @HttpCode(200)
  suspend(@Param('id', ParseIdPipe) id: number, @Body() body: SuspendUserDto, @CurrentUser() user: UserDto): Promise<ModerationActionResultDto> {
    return this.rpc.request(ModerationPatterns.Suspend, { ...body, userId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Bans an account permanently: its sessions end and its sockets close' })
  @Post('users/:id/ban')
  @HttpCode(200)
  ban(@Param('id', ParseIdPipe) id: number, @Body() body: ModerationActionDto, @CurrentUser() user: UserDto): Promise<ModerationActionResultDto> {
    return this.rpc.request(ModerationPatterns.Ban, { ...body, userId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Lifts a mute, suspension or ban early' })
  @Post('users/:id/lift')
  @HttpCode(200)
  lift(@Param('id', ParseIdPipe) id: number, @Body() body: LiftSanctionDto, @CurrentUser() user: UserDto): Promise<ModerationActionResultDto> {
    return this.rpc.request(ModerationPatterns.Lift, { ...body, userId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'The audit list, newest first: who did what to whom, when and why' })
  @Get('audit')
  audit(@Query() query: AuditQueryDto, @CurrentUser() user: UserDto): Promise<AuditEntryDto[]> {
    return this.rpc.request(ModerationPatterns.Audit, { ...query, actor: actorOf(user) });
  }

  @ApiOperation({ summary: "The signed-in user's notices (warnings, mutes, outcomes of their reports) and the mute in force" })
  @ModerationDesk(false)
  @Get('notices')
  notices(@CurrentUser() user: UserDto): Promise<MyModerationStatusDto> {
    return this.rpc.request(ModerationPatterns.MyStatus, { actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Marks the notices up to upToId as read' })
  @ModerationDesk(false)
  @Post('notices/read')
  @HttpCode(200)
  readNotices(@Body() body: ReadNoticesDto, @CurrentUser() user: UserDto): Promise<{ ok: true }> {
    return this.rpc.request(ModerationPatterns.ReadNotices, { upToId: body.upToId, actor: actorOf(user) });
  }
}
