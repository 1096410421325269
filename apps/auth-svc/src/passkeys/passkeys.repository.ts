import { Injectable } from '@nestjs/common';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { OidcIdentity } from '../oidc/oidc-identity.entity';
import { User } from '../users/user.entity';
import { Passkey } from './passkey.entity';

/** What a new passkey is stored with. */
export type NewPasskey = Pick<Passkey, 'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'>;

/** The account's other ways in, read on its locked row while a passkey is removed. */
export interface WaysLeft {
  user: User;
  /** The account's passkeys but the one removed. */
  passkeysLeft: number;
  /** The sign-in providers the account has linked. */
  providers: number;
}

/**
 * Passkeys as stored, and the account's count of them (users.passkey_count, which the gateways
 * read). Adding and removing run on the account's locked row, so two requests racing are taken one
 * after the other and the count stays true.
 */
@Injectable()
export class PasskeysRepository {
  constructor(private readonly em: EntityManager) {}

  /** The account as stored now. */
  async findUser(userId: number): Promise<User | null> {
    return this.em.fork().findOne(User, { id: userId });
  }

  /** The account's passkeys, oldest first. */
  async listOf(userId: number): Promise<Passkey[]> {
    return this.em.fork().find(Passkey, { userId }, { orderBy: { id: 'asc' } });
  }

  async findById(id: number): Promise<Passkey | null> {
    return this.em.fork().findOne(Passkey, { id });
  }

  /** By the authenticator's id for it; only the account's when `userId` is given. */
  async findByCredential(credentialId: string, userId?: number): Promise<Passkey | null> {
    return this.em.fork().findOne(Passkey, { credentialId, ...(userId !== undefined ? { userId } : {}) });
  }

  async rename(id: number, name: string): Promise<void> {
    await this.em.fork().nativeUpdate(Passkey, { id }, { name });
  }

  /**
   * Stores the passkey once `check` passes on the account's locked row (given the passkeys it has
   * now), and recounts them. Null when the credential is registered already (to any account).
   */
  async add(passkey: NewPasskey, check: (locked: User, passkeys: number) => Promise<void>): Promise<Passkey | null> {
    try {
      return await this.em.fork().transactional(async (tx) => {
        const locked = await tx.findOneOrFail(User, { id: passkey.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        await check(locked, await tx.count(Passkey, { userId: passkey.userId }));
        const made = Object.assign(new Passkey(), passkey);
        await tx.persist(made).flush();
        await this.recount(tx, passkey.userId);
        return made;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
  }

  /** Deletes the account's passkey once `check` passes on its locked row, and recounts them. */
  async remove(userId: number, passkeyId: number, check: (ways: WaysLeft) => void): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const passkeysLeft = await tx.count(Passkey, { userId, id: { $ne: passkeyId } });
      check({ user, passkeysLeft, providers: await tx.count(OidcIdentity, { userId }) });
      await tx.nativeDelete(Passkey, { id: passkeyId, userId });
      await this.recount(tx, userId);
    });
  }

  /**
   * Stores the signature counter an answer reported, over the one it was checked against (0 when
   * the authenticator keeps none, else any lower one); whether it was stored. Of two requests
   * racing with one answer, one stores it.
   */
  async takeCounter(passkeyId: number, newCounter: number, usedAt: Date): Promise<boolean> {
    const unchangedSince = newCounter === 0 ? { counter: 0 } : { counter: { $lt: newCounter } };
    return (await this.em.fork().nativeUpdate(Passkey, { id: passkeyId, ...unchangedSince }, { counter: newCounter, lastUsedAt: usedAt })) === 1;
  }

  /** Gives the account this WebAuthn user handle unless it has one; the one it has now. */
  async keepUserHandle(userId: number, handle: string): Promise<string> {
    await this.em.fork().nativeUpdate(User, { id: userId, passkeyUserHandle: null }, { passkeyUserHandle: handle });
    const stored = await this.em.fork().findOneOrFail(User, { id: userId });
    return stored.passkeyUserHandle ?? handle;
  }

  private async recount(tx: EntityManager, userId: number): Promise<void> {
    await tx.execute('update users set passkey_count = (select count(*) from passkeys where user_id = ?) where id = ?', [userId, userId]);
  }
}
