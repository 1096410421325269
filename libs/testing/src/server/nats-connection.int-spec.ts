import { natsConnectionOptions, natsServerOptions } from '@app/server';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'nats';
import { waitFor } from '../eventually';
import { freePort } from '../test-infra';

/** The connection options against a real nats-server; how the URL is read is libs/server's nats-connection.spec. */
describe('NATS connection options', () => {
  describe('against a nats-server that requires a user and password', () => {
    let server: ChildProcess;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      server = spawn(process.env.NATS_SERVER_BIN ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '--user', 'chatmarket', '--pass', 'Zq8w3Lr0pXk2Vb7n'], { stdio: 'ignore' });
      await waitFor(
        () => connect({ servers: `127.0.0.1:${port}`, user: 'chatmarket', pass: 'Zq8w3Lr0pXk2Vb7n' }).then((nc) => nc.close().then(() => true), () => false),
        { what: 'nats-server answering', timeoutMs: 10_000 },
      );
    });
    afterAll(() => server.kill());

    it('connects with the credentials of the URL and is refused without them or with wrong ones', async () => {
      const nc = await connect({ ...natsConnectionOptions(`nats://chatmarket:Zq8w3Lr0pXk2Vb7n@127.0.0.1:${port}`, 'spec'), maxReconnectAttempts: 0 });
      await nc.flush();
      await nc.close();
      for (const url of [`nats://127.0.0.1:${port}`, `nats://chatmarket:wrong@127.0.0.1:${port}`]) {
        await expect(connect({ ...natsServerOptions(url), maxReconnectAttempts: 0 })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
      }
    });
  });
});
