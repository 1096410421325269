import { loadEnv } from '@app/server';
import { AuthEnv } from '../config/auth-env';
import { relyingParty, relyingPartyProblem } from './relying-party';

const env = (values: Partial<{ PUBLIC_ORIGIN: string; PASSKEY_RP_ID: string; PASSKEY_ORIGINS: string }>) => ({
  PUBLIC_ORIGIN: 'https://chat.example.com',
  PASSKEY_RP_ID: '',
  PASSKEY_ORIGINS: '',
  ...values,
});

describe('the passkeys relying party', () => {
  it('is the public origin and its host name unless told otherwise', () => {
    expect(relyingParty(env({}))).toEqual({ rpId: 'chat.example.com', origins: ['https://chat.example.com'] });
    expect(relyingParty(env({ PUBLIC_ORIGIN: 'http://localhost:3000' }))).toEqual({ rpId: 'localhost', origins: ['http://localhost:3000'] });
    expect(relyingParty(env({ PASSKEY_RP_ID: 'Example.com', PASSKEY_ORIGINS: 'https://example.com, https://chat.example.com' }))).toEqual({
      rpId: 'example.com',
      origins: ['https://example.com', 'https://chat.example.com'],
    });
    expect(relyingPartyProblem(env({ PASSKEY_RP_ID: 'example.com', PASSKEY_ORIGINS: 'https://example.com,https://chat.example.com' }))).toBeNull();
    expect(relyingPartyProblem(env({ PUBLIC_ORIGIN: 'http://localhost:3000' }))).toBeNull();
  });

  it('refuses what no browser would make a passkey for, naming the variable', () => {
    expect(relyingPartyProblem(env({ PUBLIC_ORIGIN: 'http://127.0.0.1:3000' }))).toMatch(/^PASSKEY_RP_ID must be a domain name/);
    expect(relyingPartyProblem(env({ PASSKEY_RP_ID: 'https://chat.example.com' }))).toMatch(/^PASSKEY_RP_ID/);
    expect(relyingPartyProblem(env({ PUBLIC_ORIGIN: 'http://chat.example.com' }))).toMatch(/must be https/);
    expect(relyingPartyProblem(env({ PASSKEY_ORIGINS: 'https://chat.example.com/app' }))).toMatch(/an origin alone/);
    expect(relyingPartyProblem(env({ PASSKEY_ORIGINS: 'https://chat.example.net' }))).toMatch(/not on the passkeys' domain chat\.example\.com/);
    expect(relyingPartyProblem(env({ PASSKEY_ORIGINS: 'https://evilchat.example.com' }))).toMatch(/not on the passkeys' domain/);
    expect(relyingPartyProblem(env({ PASSKEY_ORIGINS: 'not a url' }))).toMatch(/is not an origin/);
  });
});

describe('auth-svc at start', () => {
  it('refuses to start with a relying party no browser would accept', () => {
    expect(() => loadEnv(AuthEnv, { PUBLIC_ORIGIN: 'http://127.0.0.1:3000' })).toThrow(/PASSKEY_ORIGINS: PASSKEY_RP_ID must be a domain name/);
    expect(() => loadEnv(AuthEnv, { PUBLIC_ORIGIN: 'http://localhost:3000', PASSKEY_ORIGINS: 'http://localhost:3000,https://chat.example.com' })).toThrow(
      /not on the passkeys' domain localhost/,
    );
    expect(loadEnv(AuthEnv, { PUBLIC_ORIGIN: 'http://localhost:3000' }).PASSKEY_RP_ID).toBe('');
  });
});
