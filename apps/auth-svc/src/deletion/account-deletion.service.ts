import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_IN_CALL_CODE,
  AccountDeletionPatterns,
  CallPatterns,
  DEFAULT_LANGUAGE,
  DEFAULT_USER_SETTINGS,
  fieldMessage,
  type AccountDeletionStatusDto,
  type RequestAccountDeletionRequestDto,
} from '@app/contracts';
import { fieldRefused, RpcClient, RpcErrors, rpcError, runEvery } from '@app/server';
import { randomBytes } from 'node:crypto';
import { IdentityCheck, passwordRequired } from '../accounts/identity-check';
import { SessionStore } from '../sessions/session.store';
import { TwoStepService } from '../two-step/two-step.service';
import { User } from '../users/user.entity';
import { toUserSummary } from '../users/user.mapper';
import { UsersService } from '../users/users.service';
import { AccountDeletionRepository, type Tombstone } from './account-deletion.repository';

const GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;
/** A service deleting many files from the bucket may take a while to answer. */
const ERASE_TIMEOUT_MS = 60_000;

/** What an erased account keeps of settings: nothing shown of it, nothing sent to it. */
const ERASED_SETTINGS = {
  ...DEFAULT_USER_SETTINGS,
  notifications: { ...DEFAULT_USER_SETTINGS.notifications, email: false, push: false, messageSound: false, mentions: false },
  privacy: { showOnlineStatus: false, showLastSeen: false, allowDirectMessages: false },
};

const passwordWrong = () => fieldRefused('password', fieldMessage('password_wrong'), 403);

/**
 * Deleting an account. The ask needs the password (a wrong one counts toward the sign-in lockout),
 * one of the account's passkeys or a fresh provider sign-in (IdentityCheck), the username typed as confirmation and, with two-step sign-in
 * on and no passkey, a current code; it ends every
 * session and schedules the erasure ACCOUNT_DELETION_GRACE_DAYS later. A sign-in before then
 * cancels it (UsersService.cancelDeletion). The hourly sweep erases what is due: auth-svc's part
 * first (after which nobody can sign in), then each service's part by request, asked again on the
 * next pass until every one has answered.
 */
@Injectable()
export class AccountDeletionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AccountDeletionService.name);
  private stopSweep?: () => void;

  constructor(
    private readonly deletions: AccountDeletionRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly identity: IdentityCheck,
    private readonly twoStep: TwoStepService,
    private readonly rpc: RpcClient,
  ) {}

  onApplicationBootstrap() {
    this.stopSweep = runEvery(SWEEP_EVERY_MS, () => this.sweep(), { logger: this.logger, what: 'Erasing deleted accounts' }, { atStart: true });
  }

  onApplicationShutdown() {
    this.stopSweep?.();
  }

  async status(userId: number): Promise<AccountDeletionStatusDto> {
    return statusOf(await this.account(userId));
  }

  async request(dto: RequestAccountDeletionRequestDto, now = new Date()): Promise<AccountDeletionStatusDto> {
    const user = await this.account(dto.userId);
    if (user.role === 'guest') throw RpcErrors.forbidden(fieldMessage('account_deletion_guests_cannot'));
    // Checked before the password: a typo here costs no attempt of the lockout.
    if (dto.confirmation.trim().toLowerCase() !== user.username) {
      throw fieldRefused('confirmation', fieldMessage('account_deletion_confirmation_wrong'));
    }
    const ip = dto.client.ip;
    const confirmedBy = await this.identity.confirm(
      user,
      { password: dto.password, passkey: dto.passkey, providerSignIn: dto.providerSignIn, sessionKey: dto.sessionKey, ip },
      { passwordRequired, passwordWrong },
    );
    // A passkey verified its person (PIN, fingerprint) on the device that holds it: two factors, as at sign-in.
    if (user.twoStepEnabledAt && confirmedBy !== 'passkey') {
      if (!dto.code?.trim()) throw fieldRefused('code', fieldMessage('two_step_code'));
      await this.twoStep.checkCode(user, dto.code, ip);
    }
    await this.assertNotInCall(user);
    if (!user.deletionDueAt) {
      const dueAt = new Date(now.getTime() + GRACE_MS);
      await this.deletions.schedule(user.id, now, dueAt);
      Object.assign(user, { deletionRequestedAt: now, deletionDueAt: dueAt });
    }
    await this.sessions.destroyAll(user.id);
    // Gateways drop its sessions; the marketplace stops listing it as a seller during the grace.
    await this.users.publishChanged(user);
    this.logger.log(`Account ${user.id} asked to be deleted; erased at ${user.deletionDueAt?.toISOString()} unless it signs in before`);
    return statusOf(user);
  }

  /** From a session that is still open (one opened since cancels anyway). */
  async cancel(userId: number): Promise<AccountDeletionStatusDto> {
    await this.account(userId);
    await this.users.cancelDeletion(userId);
    return statusOf(await this.account(userId));
  }

  /** Erases every account whose grace has ended; answers how many were finished. */
  async sweep(now = new Date()): Promise<number> {
    const due = await this.deletions.due(now, SWEEP_BATCH);
    let finished = 0;
    for (const user of due) {
      try {
        if (await this.erase(user.id, now)) finished++;
      } catch (error) {
        this.logger.error(`Erasing account ${user.id} failed, tried again on the next pass: ${(error as Error).message}`);
      }
    }
    return finished;
  }

  /** auth-svc's part, then every other service's; false when a sign-in cancelled it meanwhile. */
  private async erase(userId: number, now: Date): Promise<boolean> {
    const ownPart = await this.eraseOwnPart(userId, now);
    if (ownPart === 'cancelled') return false;
    const parts = await Promise.all(
      [AccountDeletionPatterns.EraseChat, AccountDeletionPatterns.EraseMarketplace, AccountDeletionPatterns.EraseMedia].map((pattern) =>
        this.rpc.request(pattern, { userId }, ERASE_TIMEOUT_MS),
      ),
    );
    await this.deletions.finished(userId);
    this.logger.log(`Account ${userId} erased: ${JSON.stringify(parts.map((part) => part.erased))}`);
    return true;
  }

  /**
   * Leaves only the id and the deletion's record: a tombstone name nobody can type or sign in
   * with (the old name is free again), no address, password, second factor, device or session.
   */
  private async eraseOwnPart(userId: number, now: Date): Promise<'erased' | 'cancelled'> {
    const erased = await this.deletions.erase(userId, now, tombstone(now));
    if (erased === 'cancelled') return 'cancelled';
    await this.sessions.destroyAll(userId);
    if (erased === 'newly-erased') {
      // Read models everywhere show "Deleted user" from now on.
      const user = await this.deletions.findUser(userId);
      if (user) await this.users.publishChanged(user);
    }
    return 'erased';
  }

  private async assertNotInCall(user: User): Promise<void> {
    const call = await this.rpc.request(CallPatterns.Current, { actor: toUserSummary(user) });
    if (call) throw rpcError(409, ACCOUNT_DELETION_IN_CALL_CODE, fieldMessage('account_deletion_in_call'));
  }

  private async account(userId: number): Promise<User> {
    const user = await this.deletions.findUser(userId);
    if (!user || user.erasedAt) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return user;
  }
}

/** The row an erased account keeps: a name nobody can type or sign in with, nothing else of its person. */
function tombstone(now: Date): Tombstone {
  return {
    username: `deleted-${randomBytes(6).toString('hex')}`,
    email: null,
    unconfirmedEmail: null,
    passwordHash: null,
    role: 'user',
    roleBeforeSeller: null,
    vipUntil: null,
    vipRemindedAt: null,
    avatar: null,
    bio: null,
    categories: [],
    isVerified: false,
    settings: structuredClone(ERASED_SETTINGS),
    language: DEFAULT_LANGUAGE,
    totpSecret: null,
    twoStepEnabledAt: null,
    totpLastStep: null,
    passkeyUserHandle: null,
    passkeyCount: 0,
    lastSeen: null,
    erasedAt: now,
  };
}

function statusOf(user: User): AccountDeletionStatusDto {
  return user.deletionDueAt
    ? { state: 'scheduled', requestedAt: user.deletionRequestedAt?.toISOString() ?? null, scheduledFor: user.deletionDueAt.toISOString() }
    : { state: 'none', requestedAt: null, scheduledFor: null };
}
