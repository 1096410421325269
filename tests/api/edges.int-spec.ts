import 'reflect-metadata';
import { uniqueName } from '@app/testing';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';

describe('what the gateway tells, and to whom', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack({ LOG_LEVEL: 'silent' });
  }, 60_000);
  afterAll(() => stack?.stop());

  it('answers the public health check with ok alone and the internal network with every report', async () => {
    const outside = await new ApiClient(stack, '203.0.113.7').get('/api/health');
    expect(Object.keys(outside.body)).toEqual(['ok']);
    expect(outside.headers.get('cache-control')).toBe('no-store');

    const inside = await new ApiClient(stack, '10.0.3.4').get('/api/health');
    expect(inside.body).toMatchObject({ gateway: { instance: expect.any(String) }, services: { 'auth-svc': { ok: true } } });
  });

  it('keeps answers about a signed-in person out of every cache', async () => {
    const member = new ApiClient(stack);
    const username = uniqueName('edge');
    await member.register({ username, email: `${username}@example.com` });
    for (const path of ['/api/users/me', '/api/users/me/settings']) {
      expect((await member.get(path)).headers.get('cache-control')).toBe('no-store');
    }
  });

  it('lets pages use the camera and microphone of this origin only, and connect nowhere else', async () => {
    const res = await fetch(`${stack.baseUrl}/api/auth/captcha`);
    expect(res.headers.get('permissions-policy')).toBe('camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(), usb=()');
    const policy = Object.fromEntries(
      (res.headers.get('content-security-policy') ?? '').split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    // The site's own socket, under both loopback names it may be opened at; nowhere else.
    const socketOrigin = stack.origin.replace('http', 'ws');
    expect(policy['connect-src']).toEqual(["'self'", socketOrigin, socketOrigin.replace('localhost', '127.0.0.1')]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('allows no inline style or script: styles and scripts come from the site itself', async () => {
    const res = await fetch(`${stack.baseUrl}/api/auth/captcha`);
    const directives = (res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    expect(directives).toEqual(expect.arrayContaining(["style-src 'self'", "script-src 'self'", "default-src 'self'"]));
    expect(res.headers.get('content-security-policy')).not.toContain("'unsafe-inline'");
    expect(res.headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
  });
});
