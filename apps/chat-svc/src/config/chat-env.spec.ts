import { loadEnv } from '@app/server';
import { ChatEnv } from './chat-env';

describe('ChatEnv', () => {
  const testSite = { LINK_PREVIEW_PRIVATE_ORIGINS: 'http://127.0.0.1:4010' };

  it('lets tests allow their local site for link previews', () => {
    expect(loadEnv(ChatEnv, { NODE_ENV: 'test', ...testSite }).LINK_PREVIEW_PRIVATE_ORIGINS).toBe(testSite.LINK_PREVIEW_PRIVATE_ORIGINS);
  });

  it('stops in production when link previews may reach a private address', () => {
    expect(() => loadEnv(ChatEnv, { NODE_ENV: 'production', ...testSite })).toThrow(
      'LINK_PREVIEW_PRIVATE_ORIGINS: LINK_PREVIEW_PRIVATE_ORIGINS is for tests only and must be empty in production',
    );
    expect(loadEnv(ChatEnv, { NODE_ENV: 'production' }).LINK_PREVIEW_PRIVATE_ORIGINS).toBe('');
  });
});
