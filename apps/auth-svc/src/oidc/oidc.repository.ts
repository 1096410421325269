import { Injectable } from '@nestjs/common';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Passkey } from '../passkeys/passkey.entity';
import { User } from '../users/user.entity';
import { OidcIdentity } from './oidc-identity.entity';

/** What linking an identity came to: linked, or refused by one of the two unique keys. */
export type LinkOutcome = 'linked' | 'provider-linked-already' | 'identity-taken';

/** The account's other ways in, read on its locked row while a provider is unlinked. */
export interface WaysLeft {
  user: User;
  /** The providers the account has linked but the one unlinked. */
  otherIdentities: number;
  passkeys: number;
}

/** Accounts' identities at sign-in providers as stored, and the accounts they sign in to. */
@Injectable()
export class OidcRepository {
  constructor(private readonly em: EntityManager) {}

  /** The account as stored now. */
  async findUser(userId: number): Promise<User | null> {
    return this.em.fork().findOne(User, { id: userId });
  }

  /** The account holding this (lowercased) address. */
  async findUserByEmail(email: string): Promise<User | null> {
    return this.em.fork().findOne(User, { email });
  }

  /** Whether the account has linked this provider. */
  async hasLinked(userId: number, provider: string): Promise<boolean> {
    return (await this.em.fork().count(OidcIdentity, { userId, provider })) > 0;
  }

  /** The identity the provider knows by `subject`. */
  async findIdentity(provider: string, subject: string): Promise<OidcIdentity | null> {
    return this.em.fork().findOne(OidcIdentity, { provider, subject });
  }

  async findIdentityById(id: number): Promise<OidcIdentity | null> {
    return this.em.fork().findOne(OidcIdentity, { id });
  }

  /** The account's identities, oldest first. */
  async identitiesOf(userId: number): Promise<OidcIdentity[]> {
    return this.em.fork().find(OidcIdentity, { userId }, { orderBy: { id: 'asc' } });
  }

  /** Notes a sign-in with the identity, and the address the provider gave now if any. */
  async touch(id: number, usedAt: Date, email: string | null): Promise<void> {
    await this.em.fork().nativeUpdate(OidcIdentity, { id }, { lastUsedAt: usedAt, ...(email ? { email } : {}) });
  }

  /**
   * Links the identity to the account. The unique keys decide between requests racing: the
   * account linked another identity of the provider meanwhile, or the identity was linked (to
   * any account).
   */
  async link(identity: Pick<OidcIdentity, 'userId' | 'provider' | 'subject' | 'email' | 'lastUsedAt'>): Promise<LinkOutcome> {
    try {
      await this.em.fork().persist(Object.assign(new OidcIdentity(), identity)).flush();
      return 'linked';
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      return error.message.includes('user_id_provider') ? 'provider-linked-already' : 'identity-taken';
    }
  }

  /** Deletes an account made a moment ago, before anything else refers to it. */
  async deleteUser(userId: number): Promise<void> {
    await this.em.fork().nativeDelete(User, { id: userId });
  }

  /**
   * Unlinks the account's identity once `check` passes on the account's locked row, so removals
   * racing (of a passkey or another provider) cannot each think the other remains.
   */
  async unlink(userId: number, identityId: number, check: (ways: WaysLeft) => void): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const otherIdentities = await tx.count(OidcIdentity, { userId, id: { $ne: identityId } });
      check({ user, otherIdentities, passkeys: await tx.count(Passkey, { userId }) });
      await tx.nativeDelete(OidcIdentity, { id: identityId, userId });
    });
  }
}
