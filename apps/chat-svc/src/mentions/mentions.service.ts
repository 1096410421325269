import { Injectable } from '@nestjs/common';
import { canEnterVipRooms, mentionedUsernames, type MessageMention, type MessageType } from '@app/contracts';
import { BlocksRepository } from '../blocks/blocks.repository';
import type { Room } from '../rooms/room.entity';
import { MentionsRepository } from './mentions.repository';

/**
 * @username mentions, resolved once as a message is stored: to people who can read the room
 * (a public room: known accounts, a VIP room: premium roles; a private chat: its other
 * participant), never the sender nor someone who blocked the sender.
 */
@Injectable()
export class MentionsService {
  constructor(
    private readonly mentions: MentionsRepository,
    private readonly blocks: BlocksRepository,
  ) {}

  /** The mentioned people, in the order the text names them, each with the name as written (lower-case). */
  async resolve(room: Room, senderId: number, type: MessageType, content: string): Promise<MessageMention[]> {
    if (type !== 'text') return [];
    const names = mentionedUsernames(content);
    if (names.length === 0) return [];
    let found = await this.mentions.candidates(names, senderId);
    if (room.type === 'private') {
      const participants = await this.mentions.participants(room.id);
      found = found.filter((c) => participants.has(c.id));
    } else if (room.vipOnly) {
      found = found.filter((c) => canEnterVipRooms(c.role));
    }
    const byName = new Map(found.map((c) => [c.username.toLowerCase(), c.id]));
    return names.flatMap((name) => (byName.has(name) ? [{ id: byName.get(name) as number, username: name }] : []));
  }

  /** Whether a message of the sender may mention this person: not the sender, nor someone who blocked them. */
  async mayMention(userId: number, senderId: number): Promise<boolean> {
    return userId !== senderId && !(await this.blocks.between(userId, senderId)).aBlockedB;
  }

  /** Of these people, the ones whose settings turn mention notifications off. */
  mentionsOff(ids: number[]): Promise<Set<number>> {
    return this.mentions.mentionsOff(ids);
  }
}
