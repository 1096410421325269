import { IsIn, IsString, Matches } from 'class-validator';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appConfig, loadEnv } from './env';

class ExampleEnv {
  @Matches(/^nats:\/\/.+/, { message: 'NATS_URL must look like nats://host:port' })
  NATS_URL = 'nats://127.0.0.1:4222';

  @IsIn(['info', 'debug'])
  LOG_LEVEL = 'info';
}

describe('appConfig', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads and validates the environment once, then answers the same values until reset', () => {
    process.env.NATS_URL = 'nats://one:4222';
    const config = appConfig(ExampleEnv);
    const first = config();
    process.env.NATS_URL = 'nats://two:4222';
    expect(config()).toBe(first);
    expect(config().NATS_URL).toBe('nats://one:4222');
    config.reset();
    expect(config().NATS_URL).toBe('nats://two:4222');
    expect(config.envClass).toBe(ExampleEnv);
  });

  it('stops with a message naming the variable at fault', () => {
    process.env.NATS_URL = 'http://wrong';
    expect(() => appConfig(ExampleEnv)()).toThrow(/NATS_URL: NATS_URL must look like nats:\/\/host:port/);
  });
});

class SecretsEnv {
  @Matches(/^nats:\/\/.+/)
  NATS_URL = 'nats://127.0.0.1:4222';

  @Matches(/^postgres:\/\/.+/)
  CHAT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/chat';

  @IsString()
  TURN_SECRET = '';

  @IsString()
  MEDIA_SVC_URL = 'http://media-svc:3010';
}

describe('loadEnv and secrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'env-spec-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads VAR from the file VAR_FILE names, without its last line break; VAR itself wins', () => {
    const file = join(dir, 'turn-secret');
    writeFileSync(file, 'from-the-file-0123456789\n');
    expect(loadEnv(SecretsEnv, { TURN_SECRET_FILE: file }).TURN_SECRET).toBe('from-the-file-0123456789');
    expect(loadEnv(SecretsEnv, { TURN_SECRET_FILE: file, TURN_SECRET: 'set-directly-0123456789' }).TURN_SECRET).toBe('set-directly-0123456789');
  });

  it('stops naming the variable when VAR_FILE cannot be read', () => {
    expect(() => loadEnv(SecretsEnv, { TURN_SECRET_FILE: join(dir, 'missing') })).toThrow(/TURN_SECRET_FILE: cannot read .*missing/);
  });

  it('refuses known default secrets in production, naming each variable', () => {
    const source = {
      NODE_ENV: 'production',
      NATS_URL: 'nats://chatmarket:nats@nats:4222',
      CHAT_DATABASE_URL: 'postgres://postgres:postgres@postgres:5432/chat',
      TURN_SECRET: 'changeme',
    };
    const error = (() => {
      try {
        loadEnv(SecretsEnv, source);
      } catch (thrown) {
        return (thrown as Error).message;
      }
      return 'accepted';
    })();
    expect(error).toContain('NATS_URL: is a known default secret; production needs one of its own');
    expect(error).toContain('CHAT_DATABASE_URL: is a known default secret');
    expect(error).toContain('TURN_SECRET: is a known default secret');
    expect(error).not.toContain('MEDIA_SVC_URL');
    // A user without a password beyond loopback is as open as a default one.
    expect(() => loadEnv(SecretsEnv, { NODE_ENV: 'production', CHAT_DATABASE_URL: 'postgres://postgres@db.internal:5432/chat' })).toThrow(
      /CHAT_DATABASE_URL: is a known default secret/,
    );
  });

  it('accepts secrets of their own in production, and defaults outside production or on loopback', () => {
    const own = {
      NODE_ENV: 'production',
      NATS_URL: 'nats://chatmarket:Zq8w3Lr0pXk2Vb7n@nats:4222',
      CHAT_DATABASE_URL: 'postgres://postgres:Hn4kT9sQ2mWc6yRe@postgres:5432/chat',
      TURN_SECRET: 'Jd7vP1xB5tQ9zL3mK8wN',
    };
    expect(loadEnv(SecretsEnv, own).TURN_SECRET).toBe(own.TURN_SECRET);
    expect(loadEnv(SecretsEnv, { ...own, NODE_ENV: 'development', TURN_SECRET: 'changeme' }).TURN_SECRET).toBe('changeme');
    // `npm start`: production, with PostgreSQL's documented password on this machine only.
    const local = loadEnv(SecretsEnv, { NODE_ENV: 'production', CHAT_DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/chat' });
    expect(local.CHAT_DATABASE_URL).toBe('postgres://postgres:postgres@127.0.0.1:5432/chat');
    expect(loadEnv(SecretsEnv, { NODE_ENV: 'production', NATS_URL: 'nats://nats:4222' }).NATS_URL).toBe('nats://nats:4222');
  });
});
