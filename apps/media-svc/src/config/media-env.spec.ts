import { loadEnv } from '@app/server';
import { MediaEnv } from './media-env';

describe('MediaEnv', () => {
  it('stops in production when preview pictures may be fetched from a private address', () => {
    const testSite = { LINK_PREVIEW_PRIVATE_ORIGINS: 'http://127.0.0.1:4010' };
    expect(loadEnv(MediaEnv, { NODE_ENV: 'test', ...testSite }).LINK_PREVIEW_PRIVATE_ORIGINS).toBe(testSite.LINK_PREVIEW_PRIVATE_ORIGINS);
    expect(() => loadEnv(MediaEnv, { NODE_ENV: 'production', ...testSite })).toThrow(/LINK_PREVIEW_PRIVATE_ORIGINS is for tests only and must be empty in production/);
  });
});
