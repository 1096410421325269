import { EntityManager } from '@mikro-orm/postgresql';
import { UsersRepository } from './users.repository';
import { statementLog } from '@app/testing/fakes';

// The accounts' raw statements, pinned; what they do to real rows runs in tests/api (sign-in's
// last seen, the guest purge racing across replicas).

const AT = new Date('2026-11-29T00:00:00Z');

describe('UsersRepository', () => {
  it('notes many accounts as seen in one statement, the ids as one array', async () => {
    const { em, statements } = statementLog();
    await new UsersRepository(em as unknown as EntityManager).markSeen([11, 12], AT);
    expect(statements).toEqual([{ sql: 'update users set last_seen = ? where id = any(?)', params: [AT, [11, 12]] }]);
  });

  it('deletes a batch of old guests, skipping the rows another replica is deleting', async () => {
    const { em, statements } = statementLog([{ affectedRows: 3 }]);
    // An EntityManager to MikroORM's request context, which the method joins or opens.
    Object.setPrototypeOf(em, EntityManager.prototype);
    expect(await new UsersRepository(em as unknown as EntityManager).deleteGuestsCreatedBefore(AT, 100.7)).toBe(3);
    expect(statements).toEqual([
      {
        sql: `delete from "users" where "id" in ( select "id" from "users" where "role" = 'guest' and "created_at" < ? order by "id" limit 100 for update skip locked)`,
        params: [AT],
      },
    ]);
  });
});
