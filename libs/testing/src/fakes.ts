import type { RpcErrorBody } from '@app/contracts';
import { RpcException } from '@nestjs/microservices';

// What a service's unit spec needs to stand in for what it is given: apart from the index, which
// loads the servers of the integration tests (import '@app/testing/fakes').

/** A typed fake of a class given to a service (Nest's useValue): the methods the spec needs, each a jest mock of the method's own signature. */
export type Fake<T> = { [K in keyof T]?: T[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : T[K] };

/** A jest.fn typed by the method it stands in for (where it is assigned), whatever its own parameters. */
export const fn = <A extends unknown[], R>(impl: (...args: NoInfer<A>) => NoInfer<R>): jest.Mock<R, A> => jest.fn<R, A>(impl);

/** The body of a service's refusal (an RpcException); the spec fails when the call did not refuse. */
export async function refusal(attempt: Promise<unknown>): Promise<RpcErrorBody> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RpcException);
  return (error as RpcException).getError() as RpcErrorBody;
}

/** A raw statement a repository ran: its SQL on one line, and its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** The part of MikroORM's EntityManager that raw statements go through. */
export interface StatementManager {
  execute: jest.Mock<Promise<unknown>, [string, unknown[]?]>;
  getConnection(): { execute: StatementManager['execute']; getKnex(): { raw: StatementManager['execute'] } };
  fork(): StatementManager;
  transactional<T>(work: (tx: StatementManager) => Promise<T>): Promise<T>;
}

/**
 * Stands in for MikroORM's EntityManager where a repository writes its own SQL: records each
 * statement run through `execute` (on the manager, a fork, a transaction or its connection) or
 * knex's `raw`, and answers them from `answers` in turn, so a spec pins the statement a
 * repository runs.
 */
export function statementLog(answers: unknown[] = []) {
  const statements: Statement[] = [];
  const execute = jest.fn(async (sql: string, params: unknown[] = []) => {
    statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
    return answers.length > 0 ? answers.shift() : [];
  });
  const em: StatementManager = {
    execute,
    getConnection: () => ({ execute, getKnex: () => ({ raw: execute }) }),
    fork: () => em,
    transactional: (work) => work(em),
  };
  return { em, statements };
}
