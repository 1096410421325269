import { IsIn, Matches } from 'class-validator';
import { appConfig } from './env';

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
