import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { DEFAULT_LANGUAGE, DEFAULT_USER_SETTINGS, type Language, type UserRole, type UserSettings } from '@app/contracts';

@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Stored lowercased; unique. */
  @Property({ type: 'string', length: 20, unique: true })
  username!: string;

  /** Stored lowercased; guests have none. */
  @Property({ type: 'string', length: 254, nullable: true, unique: true })
  email: string | null = null;

  /**
   * The address typed at sign-up when another account already had it. Shown to this account as
   * its email, so the sign-up looks like any other; never unique, never used to sign in, never
   * mailed (it is someone else's).
   */
  @Property({ type: 'string', length: 254, nullable: true })
  unconfirmedEmail: string | null = null;

  @Property({ type: 'string', nullable: true, hidden: true })
  passwordHash: string | null = null;

  @Index()
  @Property({ type: 'string', length: 16 })
  role: UserRole = 'user';

  /** The role a verified seller had before; given back if the verification is withdrawn. */
  @Property({ type: 'string', length: 16, nullable: true })
  roleBeforeSeller: UserRole | null = null;

  /** The end of a VIP period a moderator granted: the role goes back to `user` then. */
  @Property({ type: 'datetime', nullable: true })
  vipUntil: Date | null = null;

  /** When the holder was told the period is about to end (once per period). */
  @Property({ type: 'datetime', nullable: true })
  vipRemindedAt: Date | null = null;

  @Property({ type: 'string', length: 2048, nullable: true })
  avatar: string | null = null;

  @Property({ type: 'text', nullable: true })
  bio: string | null = null;

  @Property({ type: 'json' })
  categories: string[] = [];

  @Property({ type: 'boolean' })
  isVerified = false;

  @Property({ type: 'json' })
  settings: UserSettings = structuredClone(DEFAULT_USER_SETTINGS);

  /** A column of its own, not a part of settings: mail and push are written in it, chosen by query. */
  @Property({ type: 'string', length: 8 })
  language: Language = DEFAULT_LANGUAGE;

  /** The authenticator app's secret (base32); kept while two-step sign-in is on, never shown again. */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  totpSecret: string | null = null;

  /** Since when two-step sign-in is on; null when off. */
  @Property({ type: 'datetime', nullable: true })
  twoStepEnabledAt: Date | null = null;

  /** The last time step whose code was accepted: a code is never taken twice. */
  @Property({ type: 'integer', nullable: true, hidden: true })
  totpLastStep: number | null = null;

  /** The WebAuthn user handle of the account's passkeys (random, base64url): authenticators keep it, so it says nothing of the account. */
  @Property({ type: 'string', length: 64, nullable: true, unique: true, hidden: true })
  passkeyUserHandle: string | null = null;

  /** How many passkeys the account holds: counted again from the passkeys table whenever one is added or removed. */
  @Property({ type: 'integer' })
  passkeyCount = 0;

  @Property({ type: 'datetime', nullable: true })
  lastSeen: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  /** When the person asked to delete the account (kept after the erasure, as its record). */
  @Property({ type: 'datetime', nullable: true })
  deletionRequestedAt: Date | null = null;

  /** When the account is erased; a sign-in before then clears it, and so does a finished erasure. */
  @Property({ type: 'datetime', nullable: true })
  deletionDueAt: Date | null = null;

  /** When the account's personal data was erased: only the id and this record are left. */
  @Property({ type: 'datetime', nullable: true })
  erasedAt: Date | null = null;
}
