import { Agent, request } from 'node:https';
import webpush from 'web-push';
import { startTestPushService, type TestPushService } from './push-service';

describe('the push service stand-in', () => {
  let service: TestPushService;
  const keys = webpush.generateVAPIDKeys();
  const vapidDetails = { subject: 'mailto:operator@example.com', ...keys };
  let agent: Agent;

  beforeEach(async () => {
    service = await startTestPushService();
    agent = new Agent({ ca: service.certificate });
  });
  afterEach(() => service.stop());

  it('decrypts what web-push encrypted, with the headers and the VAPID claims it was sent with', async () => {
    const browser = service.subscribe();
    await webpush.sendNotification(browser, JSON.stringify({ text: 'नमस्ते' }), { vapidDetails, agent, TTL: 30, urgency: 'high', topic: 'chat-7' });
    const [push] = await service.waitForPush(browser.id);
    expect(push).toMatchObject({ payload: { text: 'नमस्ते' }, ttl: 30, urgency: 'high', topic: 'chat-7' });
    expect(push.vapid).toMatchObject({ sub: vapidDetails.subject, aud: service.origin, publicKey: keys.publicKey });
  });

  it('refuses a push signed with a key other than the one it names', async () => {
    const browser = service.subscribe();
    const other = webpush.generateVAPIDKeys();
    const details = webpush.generateRequestDetails(browser, '{}', { vapidDetails });
    const headers = details.headers as Record<string, string>;
    const forged = { ...headers, Authorization: headers.Authorization.replace(/k=[\w-]+$/, `k=${other.publicKey}`) };
    const status = await new Promise<number | undefined>((resolve, reject) =>
      request(details.endpoint, { method: 'POST', headers: forged, agent }, (res) => resolve(res.resume().statusCode)).on('error', reject).end(details.body),
    );
    expect(status).toBe(400);
    expect(service.refused).toEqual(['The VAPID signature does not verify']);
  });

  it('answers 410 Gone for a subscription its browser dropped', async () => {
    const browser = service.subscribe();
    service.expire(browser.id);
    await expect(webpush.sendNotification(browser, 'x', { vapidDetails, agent })).rejects.toMatchObject({ statusCode: 410 });
  });
});
