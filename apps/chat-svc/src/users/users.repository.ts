import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import type { Language, UserSettings, UserSummary } from '@app/contracts';
import type { PushSettings } from './chat-user.entity';

export type PrivacySettings = UserSettings['privacy'];

/** A user as an event or auth-svc tells of them: the summary, and each setting the telling carries (absent: left as stored). */
export type KnownUser = UserSummary & { privacy?: PrivacySettings; notifyMentions?: boolean; pushSettings?: PushSettings | null; language?: Language };

/** The users read model (chat_users): written from what auth-svc tells, read for every summary and privacy rule. */
@Injectable()
export class ChatUsersRepository {
  constructor(private readonly em: EntityManager) {}

  /** Summaries in one statement, whatever their number; each setting a user carries is written after it. */
  async upsert(users: KnownUser[]): Promise<void> {
    if (users.length === 0) return;
    const values = users.map(() => '(?, ?, ?, ?, now())').join(', ');
    const params = users.flatMap((u) => [u.id, u.username, u.avatar ?? null, u.role]);
    await this.knex().raw(
      `insert into chat_users (id, username, avatar, role, updated_at) values ${values}
       on conflict (id) do update set username = excluded.username, avatar = excluded.avatar,
         role = excluded.role, updated_at = now()`,
      params,
    );
    for (const u of users) {
      if (u.notifyMentions !== undefined) await this.knex().raw('update chat_users set notify_mentions = ? where id = ?', [u.notifyMentions, u.id]);
      if (u.pushSettings !== undefined) await this.knex().raw('update chat_users set push_settings = ? where id = ?', [u.pushSettings && JSON.stringify(u.pushSettings), u.id]);
      if (u.language !== undefined) await this.knex().raw('update chat_users set language = ? where id = ?', [u.language, u.id]);
      if (!u.privacy) continue;
      await this.knex().raw('update chat_users set show_online_status = ?, show_last_seen = ?, allow_direct_messages = ? where id = ?', [
        u.privacy.showOnlineStatus,
        u.privacy.showLastSeen,
        u.privacy.allowDirectMessages,
        u.id,
      ]);
    }
  }

  /** Notes these users as seen now. */
  async markSeen(userIds: number[]): Promise<void> {
    await this.knex().raw('update chat_users set last_seen_at = now() where id = any(?)', [userIds]);
  }

  /** The privacy settings of the users stored here (the others are left out). */
  async privacyOf(ids: number[]): Promise<Map<number, PrivacySettings>> {
    const found = new Map<number, PrivacySettings>();
    if (ids.length === 0) return found;
    const { rows } = await this.knex().raw('select id, show_online_status, show_last_seen, allow_direct_messages from chat_users where id = any(?)', [ids]);
    for (const row of rows as Array<{ id: number; show_online_status: boolean; show_last_seen: boolean; allow_direct_messages: boolean }>) {
      found.set(row.id, { showOnlineStatus: row.show_online_status, showLastSeen: row.show_last_seen, allowDirectMessages: row.allow_direct_messages });
    }
    return found;
  }

  /** Of these users, the ones stored as keeping their online status to themselves. */
  async hidingOnline(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.knex().raw('select id from chat_users where id = any(?) and not show_online_status', [ids]);
    return new Set((rows as Array<{ id: number }>).map((r) => r.id));
  }

  /** Summaries of the users stored here, with whether each hides their online status. */
  async withOnlineVisibility(ids: number[]): Promise<Map<number, UserSummary & { hidesOnline: boolean }>> {
    const found = new Map<number, UserSummary & { hidesOnline: boolean }>();
    if (ids.length === 0) return found;
    const { rows } = await this.knex().raw('select id, username, avatar, role, show_online_status from chat_users where id = any(?)', [ids]);
    for (const row of rows as Array<UserSummary & { show_online_status: boolean }>) {
      found.set(row.id, { id: row.id, username: row.username, avatar: row.avatar, role: row.role, hidesOnline: !row.show_online_status });
    }
    return found;
  }

  /** Whether each stored user shows when they were last seen, and when that was. */
  async lastSeenOf(ids: number[]): Promise<Map<number, { showLastSeen: boolean; lastSeenAt: Date | null }>> {
    const found = new Map<number, { showLastSeen: boolean; lastSeenAt: Date | null }>();
    if (ids.length === 0) return found;
    const { rows } = await this.knex().raw('select id, show_last_seen, last_seen_at from chat_users where id = any(?)', [ids]);
    for (const row of rows as Array<{ id: number; show_last_seen: boolean; last_seen_at: Date | null }>) {
      found.set(row.id, { showLastSeen: row.show_last_seen, lastSeenAt: row.last_seen_at });
    }
    return found;
  }

  /** Summaries of the users stored here. */
  async summaries(ids: number[]): Promise<Map<number, UserSummary>> {
    const found = new Map<number, UserSummary>();
    if (ids.length === 0) return found;
    const { rows } = await this.knex().raw('select id, username, avatar, role from chat_users where id = any(?)', [ids]);
    for (const row of rows as UserSummary[]) found.set(row.id, { id: row.id, username: row.username, avatar: row.avatar, role: row.role });
    return found;
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}
