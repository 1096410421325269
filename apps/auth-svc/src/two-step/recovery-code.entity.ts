import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** One single-use recovery code of an account with two-step sign-in, kept as an argon2id hash. */
@Entity({ tableName: 'recovery_codes' })
export class RecoveryCode {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Index()
  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string', length: 255, hidden: true })
  codeHash!: string;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
