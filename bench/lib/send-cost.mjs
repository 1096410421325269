// What one message costs: the CPU time each process of the chat system spends per message
// sent into the 200-member room at fixed rates, well below the ceiling, so that a change to
// the send path shows as microseconds in the process it touched (the saturation climb shows
// the same change only as a step more or less).
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { CLOCK_TICKS_PER_SECOND, closeClients, connectWorkload, describeMachine, measureSending, newRunId, processStats } from './load-generator.mjs';
import { startChatTarget } from './targets.mjs';

const WORKLOAD = { name: 'one public room of 200 members, 60 vip senders', rooms: 1, members: 200, senders: 60 };
/** Per sender: 60 and 180 messages/s into the room, both held with room to spare. */
export const SEND_COST_RATES = [1, 3];
const WARM_UP_SECONDS = 5;

/** PostgreSQL is the machine's: every one of its processes counts, so nothing else should use it meanwhile. */
function postgresPids() {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

export async function runSendCost({ seconds, profileDir, log }) {
  const runId = newRunId();
  const loadBefore = loadavg()[0];
  log('Starting the chat system (1 gateway, 1 chat-svc)');
  const target = await startChatTarget({ gateways: 1, chatReplicas: 1, runId, profileDir });
  try {
    const { clients } = await connectWorkload({ target, workload: WORKLOAD, tag: `${runId}-c` });
    try {
      await measureSending({ target, clients, members: WORKLOAD.members, ratePerSender: SEND_COST_RATES[0], tag: `${runId}-w`, sendSeconds: WARM_UP_SECONDS });
      await target.markMeasurement();
      const groups = {
        gateway: target.connectionPids(),
        'chat-svc': target.pidsOf('chat-svc'),
        'auth-svc': target.pidsOf('auth-svc'),
        'nats-server and redis-server': target.brokerPids(),
        PostgreSQL: postgresPids(),
      };
      const ticks = () => Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, processStats(pids).cpuTicks]));
      const rows = [];
      for (const [index, rate] of SEND_COST_RATES.entries()) {
        log(`${rate * WORKLOAD.senders} messages/s for ${seconds} s`);
        const before = ticks();
        const figures = await measureSending({ target, clients, members: WORKLOAD.members, ratePerSender: rate, tag: `${runId}-s${index}`, sendSeconds: seconds });
        const after = ticks();
        const micros = Object.fromEntries(Object.keys(groups).map((name) => [name, ((after[name] - before[name]) / CLOCK_TICKS_PER_SECOND / Math.max(1, figures.acked)) * 1e6]));
        rows.push({ offered: rate * WORKLOAD.senders, figures, micros });
      }
      return {
        date: new Date().toISOString(),
        machine: describeMachine(),
        load: `1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
        seconds,
        processes: Object.keys(groups),
        rows,
      };
    } finally {
      await closeClients(clients);
    }
  } finally {
    await target.stop();
  }
}

const fixed = (value, digits = 0) => (value === null || value === undefined ? '-' : value.toFixed(digits));

export function formatSendCost(r) {
  const lines = [
    `Run ${r.date} on ${r.machine}; 1 gateway, 1 chat-svc, ${r.seconds} s of sending per rate; ${r.load}.`,
    '',
    `#### ${WORKLOAD.name}: CPU µs per message sent, by process`,
    '',
    `| messages/s in | sent / acked | lost | p50 ms | p99 ms | ${r.processes.join(' | ')} | all |`,
    `|---|---|---|---|---|${r.processes.map(() => '---').join('|')}|---|`,
  ];
  for (const { offered, figures: f, micros } of r.rows) {
    const all = Object.values(micros).reduce((sum, value) => sum + value, 0);
    lines.push(`| ${offered} | ${f.sent} / ${f.acked} | ${f.lost} | ${fixed(f.latencyMs.p50, 1)} | ${fixed(f.latencyMs.p99, 1)} | ${r.processes.map((name) => fixed(micros[name])).join(' | ')} | ${fixed(all)} |`);
  }
  lines.push('', 'CPU time is read from /proc in clock ticks (10 ms): over 20 s of sending a figure moves by about 5% between runs of the same code.');
  return lines.join('\n');
}

export function sendCostProblems(r) {
  return r.rows.flatMap(({ offered, figures: f }) => [
    ...(f.lost > 0 ? [`${offered} messages/s: ${f.lost} deliveries lost`] : []),
    ...(f.outOfOrder > 0 ? [`${offered} messages/s: ${f.outOfOrder} deliveries out of order or repeated`] : []),
    ...(f.acked + f.refusedSends < f.sent ? [`${offered} messages/s: ${f.sent - f.acked - f.refusedSends} sends not answered`] : []),
  ]);
}
