import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  fieldMessage,
  MarketplacePatterns,
  REPORT_CONTEXT_MESSAGES,
  REPORTS_PER_HOUR,
  type ActorDto,
  type CreateReportRequestDto,
  type FieldMessage,
  type ReportDto,
  type ReportEvidence,
  type SellerDto,
} from '@app/contracts';
import { fieldRefused, RpcCallError, RpcClient, rpcError, RpcErrors } from '@app/server';
import { RoomsService } from '../rooms/rooms.service';
import { ChatUsersService } from '../users/users.service';
import { messageSnapshot, roomSnapshot, toReportDto } from './report-views';
import { ReportedContentRepository } from './reported-content.repository';
import { ReportsRepository, type NewReport } from './reports.repository';

type Described = Pick<NewReport, 'subjectUserId' | 'roomId' | 'evidence'>;

/**
 * Reports: anyone signed in (not a guest) reports what they can see. The evidence is copied
 * when the report is made, so an edit or removal afterwards does not change what moderators read.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly content: ReportedContentRepository,
    private readonly rooms: RoomsService,
    private readonly users: ChatUsersService,
    private readonly rpc: RpcClient,
  ) {}

  async create(dto: CreateReportRequestDto): Promise<ReportDto> {
    const { actor } = dto;
    if (actor.role === 'guest') throw RpcErrors.forbidden(fieldMessage('report_guests_cannot'));
    await this.users.remember(actor);
    const described = await this.describe(dto, actor);
    const result = await this.reports.create(
      {
        reporterId: actor.id,
        targetType: dto.targetType,
        targetId: dto.targetId,
        reason: dto.reason,
        note: dto.note?.trim() || null,
        ...described,
      },
      REPORTS_PER_HOUR,
    );
    if ('duplicate' in result) throw RpcErrors.conflict(fieldMessage('report_already_sent'));
    if ('waitMs' in result) {
      throw rpcError(429, ErrorCode.RateLimit, fieldMessage('report_limit', { max: REPORTS_PER_HOUR }), {
        details: { error: ErrorCode.RateLimit, waitTime: result.waitMs, retryAfterSeconds: Math.ceil(result.waitMs / 1000) },
      });
    }
    return toReportDto(result.report);
  }

  async mine(actor: ActorDto): Promise<ReportDto[]> {
    return (await this.reports.mine(actor.id)).map(toReportDto);
  }

  private describe(dto: CreateReportRequestDto, actor: ActorDto): Promise<Described> {
    switch (dto.targetType) {
      case 'message':
        return this.describeMessage(dto.targetId, actor);
      case 'user':
        return this.describeUser(dto.targetId, actor);
      case 'room':
        return this.describeRoom(dto.targetId, actor);
      case 'seller':
        return this.describeSeller(dto.targetId, actor);
    }
  }

  /** The message with the messages around it; only one the reporter may read (a private one only by its two people). */
  private async describeMessage(messageId: number, actor: ActorDto): Promise<Described> {
    const message = await this.content.message(messageId);
    const room = message ? await this.rooms.readable(message.roomId, actor).catch(() => null) : null;
    if (!message || !room) throw RpcErrors.notFound(fieldMessage('message_not_found'));
    if (message.senderId === actor.id) throw refusedTarget(fieldMessage('report_own_message'));
    if (message.removedAt) throw RpcErrors.conflict(fieldMessage('moderation_message_already_removed'));
    const around = await this.content.around(room.id, message.seq, REPORT_CONTEXT_MESSAGES);
    const senders = await this.users.findMany(around.map((m) => m.senderId));
    const snapshot = (m: typeof message) => messageSnapshot(m, ChatUsersService.summary(m.senderId, senders));
    const evidence: ReportEvidence = {
      capturedAt: new Date().toISOString(),
      message: snapshot(message),
      context: around.filter((m) => m.id !== message.id).map(snapshot),
      room: roomSnapshot(room),
    };
    return { subjectUserId: message.senderId, roomId: room.id, evidence };
  }

  private async describeUser(userId: number, actor: ActorDto): Promise<Described> {
    if (userId === actor.id) throw refusedTarget(fieldMessage('report_self'));
    const user = (await this.users.findMany([userId], { strict: true })).get(userId);
    if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return { subjectUserId: user.id, roomId: null, evidence: { capturedAt: new Date().toISOString(), user } };
  }

  /** Public rooms only: a private chat is reported by its messages or its other person. */
  private async describeRoom(roomId: number, actor: ActorDto): Promise<Described> {
    const room = await this.rooms.readable(roomId, actor).catch(() => null);
    if (!room) throw RpcErrors.notFound(fieldMessage('room_not_found'));
    if (room.type !== 'public') throw refusedTarget(fieldMessage('report_public_rooms_only'));
    if (room.createdById === actor.id) throw refusedTarget(fieldMessage('report_own_room'));
    return { subjectUserId: room.createdById, roomId: room.id, evidence: { capturedAt: new Date().toISOString(), room: roomSnapshot(room) } };
  }

  private async describeSeller(sellerId: number, actor: ActorDto): Promise<Described> {
    const seller = await this.seller(sellerId, actor);
    if (seller.userId === actor.id) throw refusedTarget(fieldMessage('report_self'));
    const evidence: ReportEvidence = {
      capturedAt: new Date().toISOString(),
      seller: {
        id: seller.id,
        userId: seller.userId,
        displayName: seller.displayName,
        category: seller.category,
        bio: seller.bio,
        aboutMe: seller.aboutMe,
        avatar: seller.avatar,
      },
    };
    return { subjectUserId: seller.userId, roomId: null, evidence };
  }

  /** The profile as the reporter sees it (an application they may not see is not found). */
  private async seller(id: number, actor: ActorDto): Promise<SellerDto> {
    try {
      return await this.rpc.request(MarketplacePatterns.GetSeller, { id, viewer: actor });
    } catch (error) {
      if (error instanceof RpcCallError && error.body.status === 404) throw RpcErrors.notFound(fieldMessage('seller_not_found'));
      throw RpcErrors.unavailable();
    }
  }
}

function refusedTarget(problem: FieldMessage) {
  return fieldRefused('targetId', problem);
}
