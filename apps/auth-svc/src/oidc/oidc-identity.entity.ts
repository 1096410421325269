import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** An account's identity at a sign-in provider (OpenID Connect): the provider's id and its subject. */
@Entity({ tableName: 'oidc_identities' })
@Unique({ properties: ['provider', 'subject'] })
@Unique({ properties: ['userId', 'provider'] })
export class OidcIdentity {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Index()
  @Property({ type: 'integer' })
  userId!: number;

  /** The provider's id in OIDC_PROVIDERS (google). */
  @Property({ type: 'string', length: 20 })
  provider!: string;

  /** The id token's `sub`: the provider's stable id of the person, never reassigned. */
  @Property({ type: 'string', length: 255 })
  subject!: string;

  /** The address the provider last gave, for Settings; never used to sign in. */
  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;
}
