// node bench/rpc-round-trip.mjs [--requests N] [--rounds N] [--concurrency N]
//
// What one request/reply over NATS costs in CPU, asked two ways: RpcClient as the services use it
// (Nest's NATS client, which opens a subscription of its own for every request) and nats.js's
// `request` on the connection's one shared reply subscription, with the packet Nest's server
// reads (the way tried on 2026-11-28, see bench/README.md). Both run in turn in
// this process against one responder process and one nats-server of the bench's own, so the
// machine's other work shows in both alike; each round gives the CPU time per request of this
// process, the responder and nats-server, read from /proc (CPU time, not wall time). Needs the
// build (`npx tsc -b`).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CLOCK_TICKS_PER_SECOND } from './lib/load-generator.mjs';

const require = createRequire(import.meta.url);
const PATTERN = 'bench.rpc.echo';

if (process.argv[2] === '--responder') {
  // Answers as Nest's NATS server does: the handler's result under `response`, the request's id.
  const nats = require('nats');
  const nc = await nats.connect({ servers: [process.argv[3]] });
  const codec = nats.JSONCodec();
  nc.subscribe(PATTERN, {
    queue: 'bench-responder',
    callback: (error, msg) => {
      if (error) return;
      const packet = codec.decode(msg.data);
      msg.respond(codec.encode({ id: packet.id, response: { ok: true, echo: packet.data }, isDisposed: true }));
    },
  });
  process.send?.('ready');
} else {
  await main();
}

async function main() {
  const { values: args } = parseArgs({
    options: { requests: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '50' } },
  });
  const requests = Number(args.requests);
  const rounds = Number(args.rounds);
  const concurrency = Number(args.concurrency);
  const { startNatsServer } = require('@app/testing');
  const { currentRequestId, Metrics, REQUEST_ID_HEADER, RpcClient } = require('@app/server');
  const nats = require('nats');
  const { randomUUID } = require('node:crypto');
  const { ClientProxyFactory, Transport } = require('@nestjs/microservices');

  const natsServer = await startNatsServer();
  const responder = fork(fileURLToPath(import.meta.url), ['--responder', natsServer.url], { stdio: 'inherit' });
  await new Promise((resolve) => responder.once('message', resolve));
  const nestClient = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsServer.url] } });
  await nestClient.connect();
  const rpc = new RpcClient(nestClient);
  // A send frame's size: the request and its answer carry about what a chat message does.
  const data = { roomId: 4021, content: 'x'.repeat(160), clientId: 'c-0123456789abcdef', type: 'text', actor: { id: 1234, username: 'bench_user_1234', avatar: null, role: 'vip' } };

  // The same request on the connection's shared reply subscription: the same metric and headers.
  const codec = nats.JSONCodec();
  const connection = nestClient.unwrap();
  const sharedRequest = async () => {
    const done = Metrics.rpcCalls.startTimer({ pattern: PATTERN });
    const headers = nats.headers();
    const requestId = currentRequestId();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    const reply = await connection.request(PATTERN, codec.encode({ pattern: PATTERN, data, id: randomUUID() }), { timeout: 5000, headers });
    const answer = codec.decode(reply.data);
    done({ status: '200' });
    return answer.response;
  };
  const ways = {
    'RpcClient (Nest client, a subscription per request)': () => rpc.request(PATTERN, data),
    'nats.js request (shared reply subscription)': sharedRequest,
  };
  const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  const loadBefore = loadavg()[0];
  try {
    for (const ask of Object.values(ways)) await drive(ask, 1000, concurrency);
    for (let round = 0; round < rounds; round++) {
      for (const [name, ask] of Object.entries(ways)) {
        const before = { self: process.cpuUsage(), responder: cpuMicros(responder.pid), nats: cpuMicros(natsServer.process.pid) };
        await drive(ask, requests, concurrency);
        const self = process.cpuUsage(before.self);
        results[name].push({
          client: (self.user + self.system) / requests,
          responder: (cpuMicros(responder.pid) - before.responder) / requests,
          nats: (cpuMicros(natsServer.process.pid) - before.nats) / requests,
        });
      }
    }
  } finally {
    await nestClient.close();
    responder.kill();
    natsServer.process.kill();
  }
  console.log(`${requests} requests per round, ${concurrency} at a time, ${rounds} rounds; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after.`);
  console.log('CPU µs per request, each round (the two other processes in clock ticks):');
  console.log('| way | client process | responder | nats-server |');
  console.log('|---|---|---|---|');
  for (const [name, runs] of Object.entries(results)) {
    const cell = (key) => runs.map((r) => r[key].toFixed(0)).join(', ');
    console.log(`| ${name} | ${cell('client')} | ${cell('responder')} | ${cell('nats')} |`);
  }
}

/** Sends `count` requests, `concurrency` in flight at once. */
async function drive(ask, count, concurrency) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await ask();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A process's user and system CPU time in microseconds, from /proc (Linux). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}
