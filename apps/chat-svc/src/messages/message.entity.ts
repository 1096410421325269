import { BigIntType, Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { LinkPreviewDto, MessageFormatting, MessageMention, MessageType } from '@app/contracts';

@Entity({ tableName: 'messages' })
export class Message {
  @PrimaryKey({ type: new BigIntType('number'), autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  roomId!: number;

  @Property({ type: 'integer' })
  seq!: number;

  @Property({ type: 'integer' })
  senderId!: number;

  @Property({ type: 'text' })
  content!: string;

  @Property({ type: 'string', length: 8 })
  type: MessageType = 'text';

  @Property({ type: 'json', nullable: true })
  formatting: MessageFormatting | null = null;

  @Property({ type: 'json', nullable: true })
  metadata: Record<string, unknown> | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  clientId: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  /** Set when a moderator removed the message; its content is blanked in the same update. */
  @Property({ type: 'datetime', nullable: true })
  removedAt: Date | null = null;

  /** The moderator who removed it, or the sender who deleted it (removedBy 'sender'). */
  @Property({ type: 'integer', nullable: true })
  removedById: number | null = null;

  @Property({ type: 'datetime', nullable: true })
  editedAt: Date | null = null;

  /** Mentions: the people its @usernames resolved to as it was stored (see MentionsService). */
  @Property({ type: 'json', nullable: true })
  mentions: MessageMention[] | null = null;

  /** A reply: the message of the same room it answers. */
  @Property({ type: new BigIntType('number'), nullable: true })
  replyToId: number | null = null;

  /** Its first link's preview, stored once fetched (after the send); cleared when the link changes or the message goes. */
  @Property({ type: 'json', nullable: true })
  linkPreview: LinkPreviewDto | null = null;

  /** Its sender removed the preview: none is ever stored for this message again. */
  @Property({ type: 'boolean' })
  linkPreviewRemoved = false;
}
