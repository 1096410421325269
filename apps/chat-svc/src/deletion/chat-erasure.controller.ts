import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountDeletionPatterns, UserIdDto, type ErasedPartDto } from '@app/contracts';
import { ChatErasureRepository } from './chat-erasure.repository';

/**
 * chat-svc's part of deleting an account. The person's messages stay where they were written
 * (others hold those conversations) under "Deleted user"; what was theirs alone goes: their
 * devices' push subscriptions, notifications, digests, moderators' notices and blocks either way,
 * and the alerts others got from them, whose titles name them.
 * Safe to ask again: a second answer erases nothing more.
 */
@Controller()
export class ChatErasureController {
  constructor(private readonly rows: ChatErasureRepository) {}

  @MessagePattern(AccountDeletionPatterns.EraseChat)
  async erase(@Payload() { userId }: UserIdDto): Promise<ErasedPartDto> {
    return { erased: await this.rows.erase(userId) };
  }
}

@Module({ controllers: [ChatErasureController], providers: [ChatErasureRepository] })
export class ChatErasureModule {}
