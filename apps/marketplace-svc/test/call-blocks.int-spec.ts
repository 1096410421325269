import 'reflect-metadata';
import { CallPatterns, SafetyMessages, type CallSessionDto } from '@app/contracts';
import { startCallsHarness, type CallsHarness } from './calls-harness';

jest.setTimeout(60_000);

describe('marketplace-svc calls between people who blocked each other', () => {
  let h: CallsHarness;

  beforeAll(async () => {
    h = await startCallsHarness({ replicas: 1 });
  }, 60_000);
  afterAll(() => h?.stop());

  it('never rings a seller who blocked the buyer, nor one the buyer blocked, and leaves the seller free', async () => {
    const expert = await h.seller();
    const blocked = h.actor('vip');
    h.blocks.add(`${expert.user.id}:${blocked.id}`);
    // The refusal names no block: the blocked person is never told.
    expect(await h.fail(CallPatterns.Start, { actor: blocked, sellerId: expert.seller.id, callType: 'audio' })).toMatchObject({
      status: 403,
      message: SafetyMessages.CannotCall,
    });

    const blocker = h.actor('vip');
    h.blocks.add(`${blocker.id}:${expert.user.id}`);
    expect(await h.fail(CallPatterns.Start, { actor: blocker, sellerId: expert.seller.id, callType: 'video' })).toMatchObject({
      status: 403,
      message: SafetyMessages.youBlockedCall(expert.seller.displayName),
    });

    expect(h.framesOf(expert.user.id).filter((f) => f.type === 'incoming_call')).toEqual([]);
    const [row] = await h.sql<{ is_busy: boolean }>('select "is_busy" from "sellers" where "id" = ?', [expert.seller.id]);
    expect(row.is_busy).toBe(false);
    // Anyone else still gets through.
    await expect(h.call<CallSessionDto>(CallPatterns.Start, { actor: h.actor('vip'), sellerId: expert.seller.id, callType: 'audio' })).resolves.toMatchObject({
      state: 'ringing',
    });
  });
});
