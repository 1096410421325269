import type { UserDto } from '@app/contracts';
import type { RpcClient } from '@app/server';
import { GatewayEnv } from '../config/gateway-env';
import { hashToken, SessionService } from './session.service';

// Sessions as the gateway knows them, over a stand-in for auth-svc whose answers the test releases.

const ana = { id: 7, username: 'ana', role: 'user' } as UserDto;

function build() {
  const asked: Array<{ tokens: string[]; answer: (users: Array<UserDto | null>) => void }> = [];
  const rpc = {
    request: (_pattern: string, { tokens }: { tokens: string[] }) => new Promise((answer) => asked.push({ tokens, answer })),
  } as unknown as RpcClient;
  const sessions = new SessionService(rpc, Object.assign(new GatewayEnv(), { SESSION_LOOKUPS_IN_FLIGHT: 4 }));
  return { sessions, asked };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('SessionService', () => {
  it('keeps an answer a few seconds, so the same session is asked of auth-svc once', async () => {
    const { sessions, asked } = build();
    const first = sessions.resolve('tok-a');
    await settled();
    asked[0].answer([ana]);
    expect(await first).toEqual(ana);
    expect(await sessions.resolve('tok-a')).toEqual(ana);
    expect(asked).toHaveLength(1);
  });

  it('gives, but does not keep, an answer that an invalidation of its session overtook', async () => {
    const { sessions, asked } = build();
    const first = sessions.resolve('tok-a');
    await settled();
    sessions.invalidate(ana.id, hashToken('tok-a'));
    asked[0].answer([ana]);
    expect(await first).toEqual(ana);
    const again = sessions.resolve('tok-a');
    await settled();
    expect(asked).toHaveLength(2);
    asked[1].answer([null]);
    expect(await again).toBeNull();
  });

  it("tells a socket looked up meanwhile that its session, or its user's every session, was invalidated", () => {
    const { sessions } = build();
    const before = sessions.mark();
    expect(sessions.invalidatedSince(before, 'tok-a', ana.id)).toBe(false);
    sessions.invalidate(ana.id, hashToken('tok-a'));
    expect(sessions.invalidatedSince(before, 'tok-a', ana.id)).toBe(true);
    expect(sessions.invalidatedSince(before, 'tok-b', ana.id)).toBe(false);

    const later = sessions.mark();
    expect(sessions.invalidatedSince(later, 'tok-a', ana.id)).toBe(false);
    sessions.invalidate(ana.id);
    expect(sessions.invalidatedSince(later, 'tok-b', ana.id)).toBe(true);
    expect(sessions.invalidatedSince(later, 'tok-b', 8)).toBe(false);
  });
});
