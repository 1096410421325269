import { RpcException } from '@nestjs/microservices';
import { PushText, type ActorDto } from '@app/contracts';
import type { PresenceService } from '../presence/presence.service';
import type { PushSender } from './push-sender';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository';
import { PushService } from './push.service';

const actor: ActorDto = { id: 7, username: 'asha', role: 'user' } as ActorDto;

function service({ publicKey = 'key', allows = true, found = null as { userId: number } | null } = {}) {
  const sender = { publicKey, allows: () => allows } as unknown as PushSender;
  const subscriptions = { findById: async () => found, remove: async () => undefined } as unknown as PushSubscriptionsRepository;
  return new PushService(subscriptions, sender, {} as PresenceService);
}

/** The body of the refusal a call throws. */
async function refusal(call: () => unknown): Promise<Record<string, unknown>> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(RpcException);
    return (error as RpcException).getError() as Record<string, unknown>;
  }
  throw new Error('not refused');
}

describe('push device refusals', () => {
  it('say their code beside the English, for the web to word', async () => {
    expect(await refusal(() => service({ publicKey: null as unknown as string }).key())).toMatchObject({
      status: 503,
      message: PushText.notSetUp,
      messageCode: { code: 'push_not_set_up' },
    });
    expect(await refusal(() => service({ allows: false }).subscribe({ actor, endpoint: 'https://10.0.0.7/x', keys: { p256dh: 'p', auth: 'a' } }))).toMatchObject({
      status: 400,
      fields: { endpoint: [PushText.endpointRefused] },
      fieldCodes: { endpoint: [{ code: 'push_endpoint_refused' }] },
    });
    expect(await refusal(() => service().remove(actor, 9))).toMatchObject({ status: 404, message: PushText.notFound, messageCode: { code: 'push_device_not_found' } });
    expect(await refusal(() => service({ found: { userId: 8 } }).remove(actor, 9))).toMatchObject({
      status: 403,
      message: PushText.notYours,
      messageCode: { code: 'push_device_not_yours' },
    });
  });
});
