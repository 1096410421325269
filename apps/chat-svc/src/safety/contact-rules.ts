import { Injectable } from '@nestjs/common';
import { fieldMessage, type ActorDto, type UserSummary } from '@app/contracts';
import { RpcErrors } from '@app/server';
import { BlocksRepository } from '../blocks/blocks.repository';
import type { PrivatePeer } from '../messages/send-contexts';
import { ChatUsersService } from '../users/users.service';
import { ContactsRepository } from './contacts.repository';

export interface ReplyState {
  canReply: boolean;
  blockedByYou: boolean;
}

/**
 * Who may reach whom in private: blocks (mutual for contact) and the allowDirectMessages
 * setting. The one refused for someone else's block or setting hears the same words either
 * way, so neither is ever told.
 */
@Injectable()
export class ContactRules {
  constructor(
    private readonly blocks: BlocksRepository,
    private readonly users: ChatUsersService,
    private readonly contacts: ContactsRepository,
  ) {}

  /** Starting (or reopening, `exists`) a private chat of actor with other. */
  async assertCanStart(actor: ActorDto, other: UserSummary, exists: boolean): Promise<void> {
    const { aBlockedB, bBlockedA } = await this.blocks.between(actor.id, other.id);
    if (aBlockedB) throw RpcErrors.forbidden(fieldMessage('block_you_blocked_chat', { name: other.username }));
    if (bBlockedA) throw RpcErrors.forbidden(fieldMessage('block_not_accepting_chats'));
    if (exists) return;
    const privacy = (await this.users.privacyOf([other.id])).get(other.id);
    // One who takes no direct messages may still answer someone they wrote to first (a seller, a buyer).
    if (privacy && !privacy.allowDirectMessages && !(await this.contacts.startedPrivateChat(other.id, actor.id))) {
      throw RpcErrors.forbidden(fieldMessage('block_not_accepting_chats'));
    }
  }

  /** A private chat where either blocked the other is read-only for both (the blocks come with the send's context). */
  async assertCanSend(other: PrivatePeer | null): Promise<void> {
    if (other?.blockedBySender) {
      const { username } = ChatUsersService.summary(other.id, await this.users.findMany([other.id]));
      throw RpcErrors.forbidden(fieldMessage('block_you_blocked', { name: username }));
    }
    if (other?.blocksSender) throw RpcErrors.forbidden(fieldMessage('block_cannot_reply'));
  }

  async replyState(roomId: number, viewerId: number): Promise<ReplyState> {
    const { byMe, byOther } = await this.blocks.inRoom(roomId, viewerId);
    return { canReply: !byMe && !byOther, blockedByYou: byMe };
  }
}
