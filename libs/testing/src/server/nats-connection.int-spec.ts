import { natsConnectionOptions, natsServerOptions } from '@app/server';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
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

  describe('when a node vanishes without closing its connections', () => {
    const servers: ChildProcess[] = [];
    let proxy: Server;
    let frozen = false;
    const piped: Socket[] = [];
    let first: number;
    let second: number;

    /** A nats-server on a free port, answering before this resolves. */
    async function natsServer(): Promise<number> {
      const port = await freePort();
      servers.push(spawn(process.env.NATS_SERVER_BIN ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' }));
      await waitFor(() => connect({ servers: `127.0.0.1:${port}` }).then((nc) => nc.close().then(() => true), () => false), { what: 'nats-server answering', timeoutMs: 10_000 });
      return port;
    }

    beforeAll(async () => {
      const behind = await natsServer();
      second = await natsServer();
      // The first node, reached through a pipe that can go silent as a vanished machine does: no
      // close, no reset, nothing more in either direction.
      proxy = createServer((client) => {
        const upstream = tcpConnect(behind, '127.0.0.1');
        piped.push(client, upstream);
        client.on('data', (chunk) => frozen || upstream.write(chunk));
        upstream.on('data', (chunk) => frozen || client.write(chunk));
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      });
      first = await freePort();
      await new Promise<void>((resolve) => proxy.listen(first, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of piped) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
      for (const server of servers) server.kill();
    });
    afterEach(() => {
      frozen = false;
    });

    it('moves to another node within seconds, its subscriptions with it', async () => {
      const nc = await connect({ ...natsConnectionOptions(`nats://127.0.0.1:${first},nats://127.0.0.1:${second}`, 'spec'), noRandomize: true });
      const heard: string[] = [];
      const sub = nc.subscribe('spec.hello');
      void (async () => {
        for await (const msg of sub) heard.push(msg.string());
      })();
      await nc.flush();
      expect(nc.getServer()).toBe(`127.0.0.1:${first}`);

      frozen = true;
      const silentSince = Date.now();
      await waitFor(() => nc.getServer() === `127.0.0.1:${second}` && !nc.isClosed(), { what: 'the connection on the second node', timeoutMs: 20_000 });
      // Pings every 2 s, two unanswered: gone in about 4-6 s, and the silent node tried again for
      // 2 s at most (nats.js alone waits 2 minutes between pings and 20 s for a node to answer).
      expect(Date.now() - silentSince).toBeLessThan(11_000);
      await nc.flush();
      const other = await connect({ servers: `127.0.0.1:${second}` });
      other.publish('spec.hello', 'after the move');
      await other.flush();
      await waitFor(() => heard.includes('after the move'), { what: 'the subscription on the second node', timeoutMs: 5_000 });
      await other.close();
      await nc.close();
    }, 30_000);
  });
});
