import 'reflect-metadata';
import { GATEWAY_BOOT_KEY_PREFIX, TooManySocketsText, WS_CLOSE_TOO_MANY_SOCKETS, connectedSocketsKey } from '@app/contracts';
import { eventually } from '@app/testing';
import { Redis } from 'ioredis';
import { startModerationStack, type ClosingSocket, type Member, type ModerationStack } from './moderation-stack';

jest.setTimeout(60_000);

// Small caps, so that a test reaches them with a handful of sockets.
const PER_SESSION = 3;
const PER_ACCOUNT = 5;

/**
 * Sockets are capped per browser session and per account, counted across every gateway: a
 * socket past a cap is closed with 4008 and says why, and a closed socket makes room again.
 */
describe('/ws sockets per session and per account', () => {
  let stack: ModerationStack;
  let redis: Redis;

  beforeAll(async () => {
    stack = await startModerationStack({ WS_SOCKETS_PER_SESSION: String(PER_SESSION), WS_SOCKETS_PER_ACCOUNT: String(PER_ACCOUNT) });
    redis = new Redis(stack.infra.redisUrl);
  }, 60_000);

  afterAll(async () => {
    redis?.disconnect();
    await stack?.stop();
  });

  const socketsCounted = async (userId: number) => Object.values(await redis.hgetall(connectedSocketsKey(userId))).reduce((sum, n) => sum + Number(n), 0);

  /** Another browser of the same person: a session of its own. */
  async function secondBrowser(member: Member) {
    const browser = stack.browser(1);
    expect((await browser.login(member.username, member.password)).status).toBe(200);
    return browser;
  }

  it('lets a browser hold its cap of sockets over both gateways, refuses the next with the reason, and takes one again once one closes', async () => {
    const member = await stack.member();
    const tabs: ClosingSocket[] = [];
    for (const gateway of [0, 1, 0]) tabs.push(await stack.socket(member.client, member.user.id, gateway));

    expect(await stack.refusal(member.client, 1)).toEqual({ code: WS_CLOSE_TOO_MANY_SOCKETS, reason: TooManySocketsText.session(PER_SESSION) });
    expect(await stack.refusal(member.client, 0)).toEqual({ code: WS_CLOSE_TOO_MANY_SOCKETS, reason: TooManySocketsText.session(PER_SESSION) });
    // The tabs already open are untouched.
    expect(tabs.map((tab) => tab.closeCode)).toEqual([undefined, undefined, undefined]);

    tabs[1].close();
    await eventually(async () => expect(await socketsCounted(member.user.id)).toBe(PER_SESSION - 1));
    expect((await stack.socket(member.client, member.user.id, 1)).closeCode).toBeUndefined();
  });

  it('counts every session of an account together, and another person’s sockets not at all', async () => {
    const member = await stack.member();
    for (const gateway of [0, 1, 1]) await stack.socket(member.client, member.user.id, gateway);
    const laptop = await secondBrowser(member);
    for (const gateway of [0, 1]) await stack.socket(laptop, member.user.id, gateway);

    expect(await stack.refusal(laptop, 0)).toEqual({ code: WS_CLOSE_TOO_MANY_SOCKETS, reason: TooManySocketsText.account(PER_ACCOUNT) });
    const phone = await secondBrowser(member);
    expect(await stack.refusal(phone, 1)).toEqual({ code: WS_CLOSE_TOO_MANY_SOCKETS, reason: TooManySocketsText.account(PER_ACCOUNT) });

    const someoneElse = await stack.member();
    expect((await stack.socket(someoneElse.client, someoneElse.user.id, 1)).closeCode).toBeUndefined();
  });

  it('stops counting the sockets of a gateway that died (its key lapsed) instead of holding them against the person', async () => {
    const member = await stack.member();
    for (const gateway of [0, 0, 0]) await stack.socket(member.client, member.user.id, gateway);
    expect((await stack.refusal(member.client, 1)).code).toBe(WS_CLOSE_TOO_MANY_SOCKETS);

    // Gateway 0's boot key lapses as if it had died without a word (its renewal would bring it back in 10 s).
    const boots = await redis.keys(`${GATEWAY_BOOT_KEY_PREFIX}*`);
    const counts = await redis.hgetall(connectedSocketsKey(member.user.id));
    const [deadBoot] = Object.keys(counts);
    expect(boots).toContain(`${GATEWAY_BOOT_KEY_PREFIX}${deadBoot}`);
    await redis.del(`${GATEWAY_BOOT_KEY_PREFIX}${deadBoot}`);

    expect((await stack.socket(member.client, member.user.id, 1)).closeCode).toBeUndefined();
    expect(Object.keys(await redis.hgetall(connectedSocketsKey(member.user.id)))).not.toContain(deadBoot);
  });
});
