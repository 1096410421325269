import { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../users/user.entity';
import { SanctionsRepository } from './sanctions.repository';
import { statementLog } from '@app/testing/fakes';

// The one raw statement of sanctions, pinned: every session a gateway resolves asks it, so the
// accounts and whether a sanction holds come in one round trip. tests/api/moderation.int-spec.ts
// runs it on real rows.

const AT = new Date('2026-11-29T00:00:00Z');

describe('SanctionsRepository', () => {
  it('reads the accounts with whether a sanction is in force, each id once, in one statement', async () => {
    const { em, statements } = statementLog([{ rows: [{ id: 11, username: 'mira', session_sanctioned: true }, { id: 12, username: 'omar', session_sanctioned: false }] }]);
    const manager = Object.assign(em, { map: jest.fn((_: unknown, columns: object) => Object.assign(new User(), columns)) });
    const answer = await new SanctionsRepository(manager as unknown as EntityManager).accountsWithSanctionInForce([11, 12, 11], AT);
    expect(answer.map(({ user, sanctioned }) => [user.id, user.username, sanctioned])).toEqual([
      [11, 'mira', true],
      [12, 'omar', false],
    ]);
    expect(manager.map).toHaveBeenCalledWith(User, { id: 11, username: 'mira' });
    expect(statements).toEqual([
      {
        sql:
          'select u.*, exists ( select 1 from account_sanctions s where s.user_id = u.id and s.lifted_at is null and (s.ends_at is null or s.ends_at > ?) ) as session_sanctioned' +
          ' from users u where u.id = any(?)',
        params: [AT, [11, 12]],
      },
    ]);
  });

  it('asks nothing for no accounts', async () => {
    const { em, statements } = statementLog();
    expect(await new SanctionsRepository(em as unknown as EntityManager).accountsWithSanctionInForce([], AT)).toEqual([]);
    expect(statements).toEqual([]);
  });
});
