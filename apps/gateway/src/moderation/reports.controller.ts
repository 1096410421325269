import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CreateReportDto, ReportPatterns, type ReportDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { actorOf } from '../common/actor';
import { AuthGuard, CurrentUser } from '../common/auth.guards';

/** Reporting what one can see; chat-svc checks the target, the limits and keeps the evidence. */
@ApiTags('reports')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Controller('reports')
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'Reports a message, user, public room or seller profile; 409 when already reported, 429 with waitTime past 10 an hour' })
  @Post()
  @HttpCode(201)
  create(@Body() body: CreateReportDto, @CurrentUser() user: UserDto): Promise<ReportDto> {
    return this.rpc.request(ReportPatterns.Create, { ...body, actor: actorOf(user) });
  }

  @ApiOperation({ summary: "The signed-in user's reports, newest first, with the outcome once a moderator decided" })
  @Get()
  mine(@CurrentUser() user: UserDto): Promise<ReportDto[]> {
    return this.rpc.request(ReportPatterns.Mine, { actor: actorOf(user) });
  }
}
