import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuthPatterns, type UserSummary } from '@app/contracts';
import { RpcClient, RpcErrors } from '@app/server';

const UNKNOWN_USER: Omit<UserSummary, 'id'> = { username: 'Unknown User', avatar: null, role: 'user' };

/**
 * The users read model: kept from auth-svc's events, from the session user of every call,
 * and filled on demand from auth-svc for ids it has not seen.
 */
@Injectable()
export class ChatUsersService {
  private readonly logger = new Logger(ChatUsersService.name);
  /** What was last written per user, so a steady sender costs no write per message. */
  private readonly written = new Map<number, string>();

  constructor(
    private readonly em: EntityManager,
    private readonly rpc: RpcClient,
  ) {}

  async remember(user: UserSummary): Promise<void> {
    const key = `${user.username}|${user.avatar ?? ''}|${user.role}`;
    if (this.written.get(user.id) === key) return;
    await this.upsert([user]);
    this.written.set(user.id, key);
    if (this.written.size > 50_000) this.written.clear();
  }

  async upsert(users: UserSummary[]): Promise<void> {
    if (users.length === 0) return;
    const values = users.map(() => '(?, ?, ?, ?, now())').join(', ');
    const params = users.flatMap((u) => [u.id, u.username, u.avatar ?? null, u.role]);
    await this.knex().raw(
      `insert into chat_users (id, username, avatar, role, updated_at) values ${values}
       on conflict (id) do update set username = excluded.username, avatar = excluded.avatar,
         role = excluded.role, updated_at = now()`,
      params,
    );
    for (const u of users) this.written.delete(u.id);
  }

  /** Users by id; ids unknown here are asked of auth-svc. Unknown everywhere: left out; strict: 503 while auth-svc does not answer. */
  async findMany(ids: number[], { strict = false } = {}): Promise<Map<number, UserSummary>> {
    const unique = [...new Set(ids)];
    const found = new Map<number, UserSummary>();
    if (unique.length === 0) return found;
    const { rows } = await this.knex().raw('select id, username, avatar, role from chat_users where id = any(?)', [unique]);
    for (const row of rows as UserSummary[]) found.set(row.id, { id: row.id, username: row.username, avatar: row.avatar, role: row.role });
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      try {
        const fetched = await this.rpc.request(AuthPatterns.GetUsers, { ids: missing }, 3000);
        const users = fetched.map((u) => ({ id: u.id, username: u.username, avatar: u.avatar ?? null, role: u.role }));
        await this.upsert(users);
        for (const u of users) found.set(u.id, u);
      } catch (error) {
        this.logger.warn(`Cannot look up users ${missing.join(',')}: ${(error as Error).message}`);
        // Not knowing whether the user exists is not the same as knowing they do not.
        if (strict) throw RpcErrors.unavailable();
      }
    }
    return found;
  }

  static summary(id: number, users: Map<number, UserSummary>): UserSummary {
    return users.get(id) ?? { id, ...UNKNOWN_USER };
  }

  private knex() {
    return this.em.getConnection().getKnex();
  }
}
