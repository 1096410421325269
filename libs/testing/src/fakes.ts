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
