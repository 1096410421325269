// node bench/validation-cost.mjs [--validations N] [--rounds N]
//
// What validating one send costs chat-svc: the payload of a send_message frame checked against
// SendMessageRequestDto by the pipe every service uses (rpcValidationPipe, which keeps each
// class's rules once found), and by Nest's ValidationPipe with the same options finding them anew
// at every call, as class-validator does by itself. Each round runs both in turn, each in a fresh
// process, and gives the CPU time per validation (CPU time, not wall time, so the machine's other
// work moves it less). Needs the build (`npx tsc -b`).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const WARM_UP = 3000;

if (process.argv[2] === '--measure') {
  await measure(process.argv[3], Number(process.argv[4]));
} else {
  await main();
}

async function main() {
  const { values } = parseArgs({ options: { validations: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '5' } } });
  const validations = Number(values.validations);
  const rounds = Number(values.rounds);
  console.log(`${new Date().toISOString()}, 1-minute load average ${loadavg()[0].toFixed(1)}; ${validations} validations of a send per round`);
  console.log('| round | rules found at every call, µs | rules kept, µs |');
  console.log('|---|---|---|');
  for (let round = 1; round <= rounds; round++) {
    const [plain, kept] = [await inChild('plain', validations), await inChild('kept', validations)];
    console.log(`| ${round} | ${plain.toFixed(1)} | ${kept.toFixed(1)} |`);
  }
}

function inChild(mode, validations) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--measure', mode, String(validations)]);
    child.once('message', (micros) => resolve(micros));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the ${mode} run exited with ${code}`))));
  });
}

async function measure(mode, validations) {
  require('reflect-metadata');
  const { ValidationPipe } = require('@nestjs/common');
  const { rpcValidationPipe, validationOptions } = require('@app/server');
  const { SendMessageRequestDto } = require('@app/contracts');
  const pipe = mode === 'kept' ? rpcValidationPipe() : new ValidationPipe(validationOptions);
  const metadata = { type: 'body', metatype: SendMessageRequestDto, data: undefined };
  const send = () => ({
    content: 'See you at the station at ten?',
    clientId: '3f1c6a4e-8b7d-4c2a-9e1f-0a2b3c4d5e6f',
    roomId: 42,
    actor: { id: 7, username: 'asha', role: 'vip' },
  });
  for (let i = 0; i < WARM_UP; i++) await pipe.transform(send(), metadata);
  const start = process.cpuUsage();
  for (let i = 0; i < validations; i++) await pipe.transform(send(), metadata);
  const used = process.cpuUsage(start);
  process.send((used.user + used.system) / validations);
}
