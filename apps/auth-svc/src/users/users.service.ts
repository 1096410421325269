import { Injectable, Logger } from '@nestjs/common';
import {
  AuthEvents,
  fieldMessage,
  fieldText,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  withDefaultSettings,
  type FieldMessage,
  type Language,
  type SessionsInvalidatedEvent,
  type UpdateLanguageDto,
  type UpdateProfileDto,
  type UpdateSettingsDto,
  type UserDto,
  type UsernameAvailabilityDto,
  type UserRole,
  type UserSettings,
  type UserSummary,
  type UserUpdatedEvent,
} from '@app/contracts';
import { ContentFilter, fieldRefused, RpcClient, RpcErrors } from '@app/server';
import { User } from './user.entity';
import { toUserDto, toUserSummary } from './user.mapper';
import { UsersRepository, violatedUnique } from './users.repository';

export const USERNAME_TAKEN_MESSAGE = fieldText('username_taken');
export const GUEST_PROFILE_MESSAGE = fieldText('guest_profile');
const LAST_SEEN_RESOLUTION_MS = 60_000;
const GUEST_PURGE_BATCH = 1000;

export interface NewAccount {
  user: User;
  /** The account that already had the typed email; the new one holds it only as unconfirmedEmail. */
  addressHolder: { id: number; username: string; email: string; language: Language } | null;
}

/** The rules of accounts (lookups, profile and settings changes, roles) and the events they cause; UsersRepository stores them. */
@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly rpc: RpcClient,
    private readonly filter: ContentFilter,
  ) {}

  async findById(id: number): Promise<User | null> {
    return this.users.findById(id);
  }

  async findByLogin(login: string): Promise<User | null> {
    const value = login.trim().toLowerCase();
    return value.includes('@') ? this.users.findByEmail(value) : this.users.findByUsername(value);
  }

  async getMe(userId: number): Promise<UserDto> {
    const user = await this.users.findById(userId);
    if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return toUserDto(user);
  }

  async checkUsername(raw: string): Promise<UsernameAvailabilityDto> {
    const refusal = await this.usernameRefusal(raw);
    if (!refusal) return { available: true };
    const { message, ...messageCode } = refusal;
    return { available: false, message, messageCode };
  }

  /** Why a new account cannot take this name (its rules, its words, another's), or null. */
  async usernameRefusal(raw: string): Promise<FieldMessage | null> {
    const problem = usernameProblem(raw) ?? this.offensiveName(raw);
    if (problem) return problem;
    return (await this.users.usernameTaken(raw.toLowerCase())) ? fieldMessage('username_taken') : null;
  }

  /**
   * Inserts a new account; a taken username is a 409. A taken email is not refused, which would
   * tell anyone whose address has an account: the account is made the same way, keeping the
   * address only as unconfirmedEmail, and who holds the address is returned so they can be told.
   * An address a ban keeps (`addressBarred`) is kept only as unconfirmedEmail the same way.
   */
  async create(data: Pick<User, 'username' | 'email' | 'passwordHash' | 'role'> & Partial<Pick<User, 'language'>>, { addressBarred = false } = {}): Promise<NewAccount> {
    const username = data.username.toLowerCase();
    const email = data.email?.toLowerCase() ?? null;
    this.assertCleanUsername(username);
    await this.assertUsernameFree(username);
    let inserted: { user: User; holder: User | null };
    try {
      inserted = await this.users.insert(email, (holder) =>
        Object.assign(new User(), {
          ...data,
          username,
          email: holder || addressBarred ? null : email,
          unconfirmedEmail: holder || addressBarred ? email : null,
        }),
      );
    } catch (error) {
      throw this.conflictFrom(error);
    }
    const { user, holder } = inserted;
    const addressHolder = holder && email ? { id: holder.id, username: holder.username, email, language: holder.language } : null;
    await this.publish(AuthEvents.UserRegistered, enforcedOf(user));
    return { user, addressHolder };
  }

  async updateProfile(userId: number, changes: UpdateProfileDto): Promise<UserDto> {
    let found: { user: User } | null;
    try {
      found = await this.users.edit(userId, async (user) => {
        // Guests are read-only: a bio or picture would let anyone post without an account.
        if (user.role === 'guest' && (changes.bio !== undefined || changes.avatar !== undefined)) {
          throw RpcErrors.forbidden(fieldMessage('guest_profile'));
        }
        if (changes.username !== undefined) {
          const username = changes.username.toLowerCase();
          if (username !== user.username) {
            this.assertCleanUsername(username);
            await this.assertUsernameFree(username);
            user.username = username;
          }
        }
        if (changes.bio !== undefined) user.bio = changes.bio?.trim() ? changes.bio : null;
        if (changes.avatar !== undefined) user.avatar = changes.avatar;
        return true;
      });
    } catch (error) {
      throw this.conflictFrom(error);
    }
    if (!found) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    await this.publishChanged(found.user);
    return toUserDto(found.user);
  }

  async updateSettings(userId: number, settings: UpdateSettingsDto): Promise<UserSettings> {
    let before = '';
    const found = await this.users.edit(userId, (user) => {
      const stored = withDefaultSettings(user.settings);
      before = JSON.stringify(enforcedOf(user));
      // Stored as plain JSON: the validated DTO instances carry no extra fields (whitelisted). A client
      // older than the do-not-disturb hours or link previews sends none: the stored ones stay.
      const notifications = { ...settings.notifications, doNotDisturb: settings.notifications.doNotDisturb ?? stored.notifications.doNotDisturb };
      const chat = { ...settings.chat, linkPreviews: settings.chat.linkPreviews ?? stored.chat.linkPreviews };
      user.settings = JSON.parse(JSON.stringify({ notifications, privacy: settings.privacy, chat }));
      return true;
    });
    if (!found) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    const { user } = found;
    // Other services enforce the privacy settings (chat-svc: private chats, online lists, last seen) and what is notified and pushed.
    if (JSON.stringify(enforcedOf(user)) !== before) await this.publishChanged(user);
    return withDefaultSettings(user.settings);
  }

  async updateLanguage(userId: number, language: Language): Promise<UpdateLanguageDto> {
    const found = await this.users.edit(userId, (user) => {
      if (user.language === language) return false;
      user.language = language;
      return true;
    });
    if (!found) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    // chat-svc words notifications and pushes in it.
    if (found.written) await this.publishChanged(found.user);
    return { language: found.user.language };
  }

  async setRole(userId: number, role: UserRole): Promise<UserDto> {
    const found = await this.users.edit(userId, (user) => {
      if (user.role === role) return false;
      user.role = role;
      return true;
    });
    if (!found) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    if (found.written) await this.publishChanged(found.user);
    return toUserDto(found.user);
  }

  /**
   * The seller role follows the moderators' decision: a verified seller is a `seller`; an
   * applicant (pending) or a rejected one keeps, or gets back, the role they had before.
   * Moderators keep their role whatever the marketplace says.
   */
  async applySellerVerification(userId: number, verified: boolean): Promise<void> {
    const found = await this.users.edit(userId, (user) => {
      if (verified && (user.role === 'user' || user.role === 'vip')) {
        user.roleBeforeSeller = user.role;
        user.role = 'seller';
        return true;
      }
      if (!verified && user.role === 'seller') {
        user.role = user.roleBeforeSeller ?? 'user';
        user.roleBeforeSeller = null;
        return true;
      }
      return false;
    });
    if (!found) {
      this.logger.warn(`Seller profile of unknown user ${userId}`);
      return;
    }
    if (found.written) await this.publishChanged(found.user);
  }

  async summaries(ids: number[]): Promise<UserSummary[]> {
    if (ids.length === 0) return [];
    return (await this.users.findByIds([...new Set(ids)])).map(toUserSummary);
  }

  async summariesByUsernames(usernames: string[]): Promise<UserSummary[]> {
    const names = [...new Set(usernames.map((u) => u.toLowerCase()))];
    if (names.length === 0) return [];
    return (await this.users.findByUsernames(names)).map(toUserSummary);
  }

  async countRegistered(): Promise<{ count: number }> {
    return { count: await this.users.countRegistered() };
  }

  /** Records activity, writing at most once a minute per user, all of them in one statement. */
  async touchLastSeen(...users: User[]): Promise<void> {
    const now = new Date();
    const due = users.filter((user) => !user.lastSeen || now.getTime() - user.lastSeen.getTime() >= LAST_SEEN_RESOLUTION_MS);
    if (due.length === 0) return;
    for (const user of due) user.lastSeen = now;
    await this.users.markSeen(due.map((user) => user.id), now);
  }

  /**
   * Deletes guest accounts created before `createdBefore`, in batches, and says how many.
   * Replicas may run it at once: each batch skips the rows another is deleting.
   */
  async purgeGuestsCreatedBefore(createdBefore: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.users.deleteGuestsCreatedBefore(createdBefore, GUEST_PURGE_BATCH);
      total += deleted;
      if (deleted < GUEST_PURGE_BATCH) return total;
    }
  }

  /**
   * A sign-in during the grace cancels the account's deletion; true when it did. An erasure that
   * began meanwhile is not undone (the update finds the account erased).
   */
  async cancelDeletion(userId: number): Promise<boolean> {
    const cancelled = await this.users.cancelDeletion(userId);
    if (!cancelled.cancelled) return false;
    this.logger.log(`Deletion of account ${userId} cancelled`);
    // The marketplace lists the seller again.
    if (cancelled.user) await this.publish(AuthEvents.UserUpdated, enforcedOf(cancelled.user));
    return true;
  }

  async isErased(userId: number): Promise<boolean> {
    return this.users.isErased(userId);
  }

  /** A new password hash (a reset); the caller ends the sessions. */
  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.users.setPasswordHash(userId, passwordHash);
  }

  /** The owner opened the link mailed to their address: the account is verified. */
  async markEmailVerified(userId: number): Promise<UserDto | null> {
    const found = await this.users.edit(userId, (user) => {
      if (!user.email || user.isVerified) return false;
      user.isVerified = true;
      return true;
    });
    if (!found?.user.email) return null;
    if (found.written) await this.publishChanged(found.user);
    return toUserDto(found.user);
  }

  /** Gateways drop cached sessions of this user and read the new role or profile. */
  async invalidateSessions(event: SessionsInvalidatedEvent): Promise<void> {
    await this.publish(AuthEvents.SessionsInvalidated, event);
  }

  /** Tells the other services (read models) and the gateways (sessions to re-read) that the user changed. */
  async publishChanged(user: User) {
    await this.publish(AuthEvents.UserUpdated, enforcedOf(user));
    await this.invalidateSessions({ userId: user.id });
  }

  private async publish(subject: string, payload: unknown) {
    try {
      await this.rpc.emit(subject, payload);
    } catch (error) {
      // The change is committed; a lost event only delays read models until the next one.
      this.logger.error(`Publishing ${subject} failed: ${(error as Error).message}`);
    }
  }

  /** A name others see everywhere: offensive words are refused like a taken name, with the field's message. */
  private assertCleanUsername(username: string) {
    const problem = this.offensiveName(username);
    if (problem) throw fieldRefused('username', problem);
  }

  private offensiveName(username: string): FieldMessage | null {
    return this.filter.isOffensive(username) ? fieldMessage('username_words_not_allowed') : null;
  }

  private async assertUsernameFree(username: string) {
    if (await this.users.usernameTaken(username)) throw usernameTaken();
  }

  /** Two sign-ups racing for one name pass the check; the unique index decides. */
  private conflictFrom(error: unknown) {
    return violatedUnique(error, 'username') ? usernameTaken() : error;
  }
}

function usernameTaken() {
  return fieldRefused('username', fieldMessage('username_taken'), 409);
}

export function usernameProblem(username: string): FieldMessage | null {
  if (username.length < USERNAME_MIN) return fieldMessage('username_too_short', { min: USERNAME_MIN });
  if (username.length > USERNAME_MAX) return fieldMessage('username_too_long', { max: USERNAME_MAX });
  if (!USERNAME_PATTERN.test(username)) return fieldMessage('username_characters');
  return null;
}

/** The user as other services keep them: the summary and the settings they enforce. */
function enforcedOf(user: User): UserUpdatedEvent {
  const { privacy, notifications, chat } = withDefaultSettings(user.settings);
  return {
    ...toUserSummary(user),
    language: user.language,
    deletionPending: user.deletionDueAt !== null && user.erasedAt === null,
    privacy,
    notifications: {
      mentions: notifications.mentions,
      push: notifications.push,
      messageSound: notifications.messageSound,
      doNotDisturb: notifications.doNotDisturb,
      messagePreview: chat.messagePreview,
    },
  };
}
