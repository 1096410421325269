import { BigIntType, BlobType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** A passkey (WebAuthn credential) of an account: its public key, never a secret. */
@Entity({ tableName: 'passkeys' })
export class Passkey {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Index()
  @Property({ type: 'integer' })
  userId!: number;

  /** The authenticator's id for it, base64url; unique across every account. */
  @Property({ type: 'string', length: 1364, unique: true })
  credentialId!: string;

  /** The COSE public key the authenticator made (ES256, EdDSA or RS256). */
  @Property({ type: BlobType, hidden: true })
  publicKey!: Buffer;

  /** The authenticator's signature counter at its last use: a later answer must count past it (0 for those that keep none). */
  @Property({ type: new BigIntType('number') })
  counter = 0;

  @Property({ type: 'json' })
  transports: string[] = [];

  @Property({ type: 'string', length: 64 })
  name!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;
}
