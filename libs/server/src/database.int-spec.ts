import { knex, type Knex } from '@mikro-orm/postgresql';
import { dropDatabase, ensureDatabase, runPrepared } from './database';

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432';

describe('runPrepared', () => {
  const databaseUrl = `${postgresUrl}/server_prepared_${Date.now().toString(36)}`;
  let db: Knex;
  const NOTES = { name: 'test_notes', text: 'select * from notes where id = $1::integer' };

  beforeAll(async () => {
    await ensureDatabase(databaseUrl);
    // One connection, so every call meets the statement that connection prepared.
    db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 1, max: 1 } });
    await db.raw('create table notes (id integer primary key, body text)');
    await db.raw(`insert into notes values (1, 'first')`);
  });

  afterAll(async () => {
    await db.destroy();
    await dropDatabase(databaseUrl);
  });

  it('prepares a statement once per connection and runs it with new values', async () => {
    expect(await runPrepared(db, NOTES, [1])).toEqual([{ id: 1, body: 'first' }]);
    expect(await runPrepared(db, NOTES, [2])).toEqual([]);
    const { rows } = await db.raw(`select count(*)::int as n from pg_prepared_statements where name = 'test_notes'`);
    expect(rows[0].n).toBe(1);
  });

  it('prepares anew when a migration changed the columns the statement returns', async () => {
    await runPrepared(db, NOTES, [1]);
    await db.raw('alter table notes add column pinned boolean not null default false');
    expect(await runPrepared(db, NOTES, [1])).toEqual([{ id: 1, body: 'first', pinned: false }]);
    expect(await runPrepared(db, NOTES, [1])).toEqual([{ id: 1, body: 'first', pinned: false }]);
  });

  it('passes other errors on', async () => {
    await expect(runPrepared(db, { name: 'test_broken', text: 'select * from missing_table' }, [])).rejects.toMatchObject({ code: '42P01' });
  });
});
