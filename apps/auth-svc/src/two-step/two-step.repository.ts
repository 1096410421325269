import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../users/user.entity';
import { RecoveryCode } from './recovery-code.entity';

/** An account's two-step secret, the time step its last code took, and its recovery codes, as stored. */
@Injectable()
export class TwoStepRepository {
  constructor(private readonly em: EntityManager) {}

  /** The account as stored now. */
  async findUser(userId: number): Promise<User | null> {
    return this.em.fork().findOne(User, { id: userId });
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    return this.em.fork().count(RecoveryCode, { userId, usedAt: null });
  }

  /**
   * Turns two-step sign-in on with this secret (the code that confirmed it took `step`) and these
   * recovery codes, in one transaction; false when it was on already (of two confirmations
   * racing, only one turns it on).
   */
  async turnOn(userId: number, secret: string, step: number, recoveryCodeHashes: string[]): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const changed = await tx.nativeUpdate(User, { id: userId, twoStepEnabledAt: null }, { totpSecret: secret, twoStepEnabledAt: new Date(), totpLastStep: step });
      if (changed === 0) return false;
      await this.replaceRecoveryCodesIn(tx, userId, recoveryCodeHashes);
      return true;
    });
  }

  /** The account's recovery codes are these from now on. */
  async replaceRecoveryCodes(userId: number, recoveryCodeHashes: string[]): Promise<void> {
    await this.em.fork().transactional((tx) => this.replaceRecoveryCodesIn(tx, userId, recoveryCodeHashes));
  }

  /** Turns it off: no secret, no step, no recovery codes. */
  async turnOff(userId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      await tx.nativeUpdate(User, { id: userId }, { totpSecret: null, twoStepEnabledAt: null, totpLastStep: null });
      await tx.nativeDelete(RecoveryCode, { userId });
    });
  }

  /** Records that a code of `step` was taken, unless that step or a later one was taken already (by another request meanwhile too); whether it was recorded. */
  async takeStep(userId: number, step: number): Promise<boolean> {
    return (await this.em.fork().nativeUpdate(User, { id: userId, $or: [{ totpLastStep: null }, { totpLastStep: { $lt: step } }] }, { totpLastStep: step })) === 1;
  }

  async unusedRecoveryCodes(userId: number): Promise<RecoveryCode[]> {
    return this.em.fork().find(RecoveryCode, { userId, usedAt: null });
  }

  /** Marks the recovery code used, in the statement that checks it is unused; whether it was. */
  async useRecoveryCode(id: number): Promise<boolean> {
    return (await this.em.fork().nativeUpdate(RecoveryCode, { id, usedAt: null }, { usedAt: new Date() })) === 1;
  }

  private async replaceRecoveryCodesIn(tx: EntityManager, userId: number, hashes: string[]): Promise<void> {
    await tx.nativeDelete(RecoveryCode, { userId });
    for (const codeHash of hashes) tx.persist(Object.assign(new RecoveryCode(), { userId, codeHash }));
    await tx.flush();
  }
}
