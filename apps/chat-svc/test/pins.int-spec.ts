import 'reflect-metadata';
import { ChatMessages, ChatPatterns, PINS_MAX, type MessageDto, type PinnedMessageDto, type RoomDto } from '@app/contracts';
import { RpcCallError } from '@app/server';
import { startChatHarness, type ChatHarness } from './chat-harness';

describe('chat-svc pinned messages', () => {
  let h: ChatHarness;

  beforeAll(async () => {
    h = await startChatHarness({ replicas: 2 });
  });
  afterAll(() => h.stop());

  it(`never passes ${PINS_MAX} pins when pins race on two replicas`, async () => {
    const owner = h.actor('vip');
    const room = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Notice Board', category: 'general', messageCooldown: 0, actor: owner });
    await h.enter(owner, room.id);
    const messages: MessageDto[] = [];
    for (let i = 0; i < PINS_MAX + 3; i++) messages.push(await h.call<MessageDto>(ChatPatterns.SendMessage, { actor: owner, roomId: room.id, content: `Notice ${i}` }));
    for (const message of messages.slice(0, PINS_MAX - 2)) await h.call(ChatPatterns.PinMessage, { actor: owner, messageId: message.id });

    // Two places left, five pins at once, spread over the replicas by NATS.
    const results = await Promise.allSettled(messages.slice(PINS_MAX - 2).map((message) => h.call(ChatPatterns.PinMessage, { actor: owner, messageId: message.id })));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const refused of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(refused.reason).toBeInstanceOf(RpcCallError);
      expect((refused.reason as RpcCallError).body).toMatchObject({ status: 400, message: ChatMessages.PinLimit });
    }
    expect(await h.call<PinnedMessageDto[]>(ChatPatterns.ListPins, { actor: owner, roomId: room.id })).toHaveLength(PINS_MAX);
  });
});
