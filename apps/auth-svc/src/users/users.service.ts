import { Injectable, Logger } from '@nestjs/common';
import { EnsureRequestContext, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  AuthEvents,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  type SessionsInvalidatedEvent,
  type UpdateProfileDto,
  type UserDto,
  type UserRole,
  type UserSettings,
  type UserSummary,
  type UsernameAvailabilityDto,
} from '@app/contracts';
import { RpcClient, RpcErrors } from '@app/server';
import { User } from './user.entity';
import { toUserDto, toUserSummary } from './user.mapper';

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken. Please choose another one.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please sign in instead.';
const LAST_SEEN_RESOLUTION_MS = 60_000;
const GUEST_PURGE_BATCH = 1000;

/** Accounts as stored: lookups, profile and settings changes, roles, and the events they cause. */
@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly rpc: RpcClient,
  ) {}

  @EnsureRequestContext()
  async findById(id: number): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  @EnsureRequestContext()
  async findByLogin(login: string): Promise<User | null> {
    const value = login.trim().toLowerCase();
    return this.em.findOne(User, value.includes('@') ? { email: value } : { username: value });
  }

  @EnsureRequestContext()
  async getMe(userId: number): Promise<UserDto> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw RpcErrors.notFound('User not found');
    return toUserDto(user);
  }

  @EnsureRequestContext()
  async checkUsername(raw: string): Promise<UsernameAvailabilityDto> {
    const problem = usernameProblem(raw);
    if (problem) return { available: false, message: problem };
    const taken = await this.em.count(User, { username: raw.toLowerCase() });
    return taken > 0 ? { available: false, message: USERNAME_TAKEN_MESSAGE } : { available: true };
  }

  /** Inserts a new account; a taken username or email is a 409 naming the field. */
  @EnsureRequestContext()
  async create(data: Pick<User, 'username' | 'email' | 'passwordHash' | 'role'>): Promise<User> {
    const user = Object.assign(new User(), {
      ...data,
      username: data.username.toLowerCase(),
      email: data.email?.toLowerCase() ?? null,
    });
    await this.assertFree(user.username, user.email);
    try {
      await this.em.persistAndFlush(user);
    } catch (error) {
      throw this.conflictFrom(error);
    }
    await this.publish(AuthEvents.UserRegistered, toUserSummary(user));
    return user;
  }

  @EnsureRequestContext()
  async updateProfile(userId: number, changes: UpdateProfileDto): Promise<UserDto> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw RpcErrors.notFound('User not found');
    if (changes.username !== undefined) {
      const username = changes.username.toLowerCase();
      if (username !== user.username) {
        await this.assertFree(username, null);
        user.username = username;
      }
    }
    if (changes.bio !== undefined) user.bio = changes.bio?.trim() ? changes.bio : null;
    if (changes.avatar !== undefined) user.avatar = changes.avatar;
    try {
      await this.em.flush();
    } catch (error) {
      throw this.conflictFrom(error);
    }
    await this.publishChanged(user);
    return toUserDto(user);
  }

  @EnsureRequestContext()
  async updateSettings(userId: number, settings: UserSettings): Promise<UserSettings> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw RpcErrors.notFound('User not found');
    // Stored as plain JSON: the validated DTO instances carry no extra fields (whitelisted).
    user.settings = JSON.parse(JSON.stringify({ notifications: settings.notifications, privacy: settings.privacy, chat: settings.chat }));
    await this.em.flush();
    return user.settings;
  }

  @EnsureRequestContext()
  async setRole(userId: number, role: UserRole): Promise<UserDto> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw RpcErrors.notFound('User not found');
    if (user.role !== role) {
      user.role = role;
      await this.em.flush();
      await this.publishChanged(user);
    }
    return toUserDto(user);
  }

  /**
   * The seller role follows the moderators' decision: a verified seller is a `seller`; an
   * applicant (pending) or a rejected one keeps, or gets back, the role they had before.
   * Moderators keep their role whatever the marketplace says.
   */
  @EnsureRequestContext()
  async applySellerVerification(userId: number, verified: boolean): Promise<void> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) {
      this.logger.warn(`Seller profile of unknown user ${userId}`);
      return;
    }
    if (verified && (user.role === 'user' || user.role === 'vip')) {
      user.roleBeforeSeller = user.role;
      user.role = 'seller';
    } else if (!verified && user.role === 'seller') {
      user.role = user.roleBeforeSeller ?? 'user';
      user.roleBeforeSeller = null;
    } else {
      return;
    }
    await this.em.flush();
    await this.publishChanged(user);
  }

  @EnsureRequestContext()
  async summaries(ids: number[]): Promise<UserSummary[]> {
    if (ids.length === 0) return [];
    const users = await this.em.find(User, { id: { $in: [...new Set(ids)] } }, { orderBy: { id: 'asc' } });
    return users.map(toUserSummary);
  }

  @EnsureRequestContext()
  async summariesByUsernames(usernames: string[]): Promise<UserSummary[]> {
    const names = [...new Set(usernames.map((u) => u.toLowerCase()))];
    if (names.length === 0) return [];
    const users = await this.em.find(User, { username: { $in: names } }, { orderBy: { id: 'asc' } });
    return users.map(toUserSummary);
  }

  @EnsureRequestContext()
  async countRegistered(): Promise<{ count: number }> {
    return { count: await this.em.count(User, { role: { $ne: 'guest' } }) };
  }

  /** Records activity, writing at most once a minute per user. */
  @EnsureRequestContext()
  async touchLastSeen(user: User): Promise<void> {
    const now = new Date();
    if (user.lastSeen && now.getTime() - user.lastSeen.getTime() < LAST_SEEN_RESOLUTION_MS) return;
    user.lastSeen = now;
    await this.em.nativeUpdate(User, { id: user.id }, { lastSeen: now });
  }

  /**
   * Deletes guest accounts created before `createdBefore`, in batches, and says how many.
   * Replicas may run it at once: each batch skips the rows another is deleting.
   */
  @EnsureRequestContext()
  async purgeGuestsCreatedBefore(createdBefore: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const { affectedRows } = await this.em.getConnection().execute<{ affectedRows: number }>(
        `delete from "users" where "id" in (
           select "id" from "users" where "role" = 'guest' and "created_at" < ? order by "id" limit ${GUEST_PURGE_BATCH} for update skip locked)`,
        [createdBefore],
        'run',
      );
      total += affectedRows;
      if (affectedRows < GUEST_PURGE_BATCH) return total;
    }
  }

  /** Gateways drop cached sessions of this user and read the new role or profile. */
  async invalidateSessions(event: SessionsInvalidatedEvent): Promise<void> {
    await this.publish(AuthEvents.SessionsInvalidated, event);
  }

  private async publishChanged(user: User) {
    await this.publish(AuthEvents.UserUpdated, toUserSummary(user));
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

  private async assertFree(username: string, email: string | null) {
    const [usernameTaken, emailTaken] = await Promise.all([
      this.em.count(User, { username }),
      email ? this.em.count(User, { email }) : Promise.resolve(0),
    ]);
    const fields: Record<string, string[]> = {};
    if (usernameTaken) fields.username = [USERNAME_TAKEN_MESSAGE];
    if (emailTaken) fields.email = [EMAIL_TAKEN_MESSAGE];
    if (usernameTaken || emailTaken) throw RpcErrors.conflict(Object.values(fields)[0][0], fields);
  }

  /** Two sign-ups racing for one name pass the check; the unique index decides. */
  private conflictFrom(error: unknown) {
    if (!(error instanceof UniqueConstraintViolationException)) return error;
    const isEmail = /email/i.test(error.message);
    const message = isEmail ? EMAIL_TAKEN_MESSAGE : USERNAME_TAKEN_MESSAGE;
    return RpcErrors.conflict(message, { [isEmail ? 'email' : 'username']: [message] });
  }
}

export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN) return `Username must be at least ${USERNAME_MIN} characters long`;
  if (username.length > USERNAME_MAX) return `Username must be at most ${USERNAME_MAX} characters long`;
  if (!USERNAME_PATTERN.test(username)) return 'Username may contain only letters, digits and underscore';
  return null;
}
