import type { ClientProxy } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { ErrorCode } from '@app/contracts';
import { defer, of, throwError, type Observable } from 'rxjs';
import { RpcClient } from './rpc-client';

/** A client whose nth request gets the nth answer: a value, or an error thrown. */
function clientAnswering(...answers: unknown[]) {
  let asked = 0;
  const send = jest.fn(
    (): Observable<unknown> =>
      defer(() => {
        const answer = answers[Math.min(asked++, answers.length - 1)];
        return answer instanceof Error ? throwError(() => answer) : of(answer);
      }),
  );
  return { send, client: { send } as unknown as ClientProxy };
}

const PATTERN = 'calls.end' as never;
const unheard = () => new EmptyResponseException('calls.end');

describe('RpcClient', () => {
  it('answers 503 at once when nobody listens, unless asked to wait until heard', async () => {
    const { send, client } = clientAnswering(unheard(), { state: 'ended' });
    await expect(new RpcClient(client).request(PATTERN, {} as never, 2000)).rejects.toMatchObject({ body: { status: 503, code: ErrorCode.ServiceUnavailable } });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends a request nobody heard again until a process listens, within its time limit', async () => {
    const { send, client } = clientAnswering(unheard(), unheard(), { state: 'ended' });
    await expect(new RpcClient(client).request(PATTERN, {} as never, 2000, { untilHeard: true })).resolves.toEqual({ state: 'ended' });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up with 503 once the time limit is spent, and never repeats a request that was heard', async () => {
    const { send, client } = clientAnswering(unheard());
    const started = Date.now();
    await expect(new RpcClient(client).request(PATTERN, {} as never, 350, { untilHeard: true })).rejects.toMatchObject({ body: { status: 503 } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(send.mock.calls.length).toBeGreaterThan(1);

    const refused = clientAnswering(new Error('boom'), { state: 'ended' });
    await expect(new RpcClient(refused.client).request(PATTERN, {} as never, 2000, { untilHeard: true })).rejects.toMatchObject({ body: { status: 503 } });
    expect(refused.send).toHaveBeenCalledTimes(1);
  });
});
