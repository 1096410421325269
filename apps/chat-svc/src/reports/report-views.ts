import {
  reportOutcomeMessage,
  type MessageSnapshot,
  type ReportDto,
  type ReportEvidence,
  type RoomSnapshot,
  type UserSummary,
} from '@app/contracts';
import type { Room } from '../rooms/room.entity';
import type { ContentMessage } from './reported-content.repository';
import type { ReportRow } from './reports.repository';

/** A report as its reporter sees it. */
export function toReportDto(report: ReportRow): ReportDto {
  return {
    id: report.id,
    targetType: report.targetType,
    targetId: report.targetId,
    targetLabel: targetLabel(report.evidence),
    reason: report.reason,
    note: report.note,
    status: report.status,
    outcome: report.outcome,
    outcomeMessage: report.outcome ? reportOutcomeMessage(report.outcome) : null,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  };
}

/** Read from the evidence, so it names the target as it was when reported. */
export function targetLabel(evidence: ReportEvidence): string {
  if (evidence.message) return `Message by ${evidence.message.sender.username}`;
  if (evidence.user) return `User ${evidence.user.username}`;
  if (evidence.seller) return `Expert ${evidence.seller.displayName}`;
  if (evidence.room) return `Room ${evidence.room.name}`;
  return 'Report';
}

export function messageSnapshot(message: ContentMessage, sender: UserSummary): MessageSnapshot {
  return {
    id: message.id,
    roomId: message.roomId,
    seq: message.seq,
    sender,
    content: message.content,
    type: message.type,
    createdAt: message.createdAt.toISOString(),
    ...(message.removedAt ? { removed: true as const } : {}),
  };
}

export function roomSnapshot(room: Room): RoomSnapshot {
  return {
    id: room.id,
    name: room.name,
    type: room.type,
    category: room.category,
    description: room.description,
    customRules: room.customRules,
    createdById: room.createdById,
  };
}
