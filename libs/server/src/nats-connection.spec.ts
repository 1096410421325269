import { natsServerOptions } from './nats-connection';

describe('NATS connection options', () => {
  it('takes the user and password out of the URL, which nats.js would ignore', () => {
    expect(natsServerOptions('nats://chatmarket:p%40ss@nats:4222')).toEqual({ servers: ['nats://nats:4222'], user: 'chatmarket', pass: 'p@ss' });
    expect(natsServerOptions('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
  });

  it('gives every node of a comma-separated list as a server, with their one set of credentials', () => {
    expect(natsServerOptions('nats://chatmarket:p%40ss@nats-1:4222, nats://chatmarket:p%40ss@nats-2:4222,nats://chatmarket:p%40ss@nats-3:4222')).toEqual({
      servers: ['nats://nats-1:4222', 'nats://nats-2:4222', 'nats://nats-3:4222'],
      user: 'chatmarket',
      pass: 'p@ss',
    });
    expect(natsServerOptions('nats://a:4222,nats://b:4222')).toEqual({ servers: ['nats://a:4222', 'nats://b:4222'] });
    expect(() => natsServerOptions('nats://one:x@a:4222,nats://two:y@b:4222')).toThrow(/different credentials/);
  });
});
