import { loadEnv } from '@app/server';
import { AuthEnv } from '../config/auth-env';
import { oidcProvidersOf, oidcProvidersProblem } from './oidc-providers';

const google = {
  OIDC_PROVIDERS: 'google',
  OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
  OIDC_GOOGLE_CLIENT_ID: 'client-id',
  OIDC_GOOGLE_CLIENT_SECRET: 'client-secret',
};

describe('sign-in providers from the environment', () => {
  it('reads each provider named in OIDC_PROVIDERS, its label defaulting to its id', () => {
    const env = loadEnv(AuthEnv, { ...google, OIDC_PROVIDERS: 'google,local', OIDC_LOCAL_ISSUER: 'http://127.0.0.1:9000', OIDC_LOCAL_CLIENT_ID: 'a', OIDC_LOCAL_CLIENT_SECRET: 'b', OIDC_LOCAL_NAME: 'Local' });
    expect(oidcProvidersOf(env).map(({ id, name, allowHttp, clientId }) => ({ id, name, allowHttp, clientId }))).toEqual([
      { id: 'google', name: 'Google', allowHttp: false, clientId: 'client-id' },
      { id: 'local', name: 'Local', allowHttp: true, clientId: 'a' },
    ]);
  });

  it('has none by default', () => {
    expect(oidcProvidersOf(loadEnv(AuthEnv, {}))).toEqual([]);
  });

  it('stops the service naming each variable at fault', () => {
    expect(() => loadEnv(AuthEnv, { OIDC_PROVIDERS: 'google' })).toThrow(/OIDC_GOOGLE_ISSUER must be .*OIDC_GOOGLE_CLIENT_ID must be .*OIDC_GOOGLE_CLIENT_SECRET must be/);
    expect(oidcProvidersProblem({ ...google, OIDC_GOOGLE_ISSUER: 'http://accounts.example.com' })).toMatch(/OIDC_GOOGLE_ISSUER must be an https URL/);
    expect(oidcProvidersProblem({ ...google, OIDC_PROVIDERS: 'Google!' })).toMatch(/lowercase letters and digits/);
    expect(oidcProvidersProblem({ ...google, OIDC_PROVIDERS: 'google,google' })).toMatch(/twice/);
    expect(oidcProvidersProblem(google)).toBeNull();
  });

  it('takes plain http only from this machine or a name under .localhost (the development stand-in)', () => {
    const local = (issuer: string) => oidcProvidersProblem({ OIDC_PROVIDERS: 'local', OIDC_LOCAL_ISSUER: issuer, OIDC_LOCAL_CLIENT_ID: 'a', OIDC_LOCAL_CLIENT_SECRET: 'b' });
    for (const issuer of ['http://localhost:9400', 'http://127.0.0.1:9400', 'http://[::1]:9400', 'http://oidc.localhost:3002', 'http://OIDC.Localhost:3002/realm']) {
      expect([issuer, local(issuer)]).toEqual([issuer, null]);
    }
    for (const issuer of ['http://localhost.example.com', 'http://oidclocalhost:3002', 'http://oidc.localhost.example.com', 'http://oidc.localhost.:3002', 'http://10.0.0.5:3002']) {
      expect([issuer, local(issuer)]).toEqual([issuer, expect.stringMatching(/^OIDC_LOCAL_ISSUER must be an https URL/)]);
    }
    const env = loadEnv(AuthEnv, { OIDC_PROVIDERS: 'local', OIDC_LOCAL_ISSUER: 'http://oidc.localhost:3002', OIDC_LOCAL_CLIENT_ID: 'a', OIDC_LOCAL_CLIENT_SECRET: 'b' });
    const [provider] = oidcProvidersOf(env);
    expect({ issuer: provider.issuer.href, allowHttp: provider.allowHttp }).toEqual({ issuer: 'http://oidc.localhost:3002/', allowHttp: true });
  });
});
