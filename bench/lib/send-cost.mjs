// What one message costs: the CPU time each process of the chat system spends per message
// sent at fixed rates, well below the ceiling, into the 200-member room, 50 rooms of 20 and
// 500 private chats, so that a change to the send path shows as microseconds in the process
// it touched (the saturation climb shows the same change only as a step more or less).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { CLOCK_TICKS_PER_SECOND, closeClients, connectWorkload, describeMachine, measureSending, newRunId, processStats } from './load-generator.mjs';
import { startChatTarget } from './targets.mjs';

const require = createRequire(import.meta.url);
const { postgresBinDir, startPostgresServer } = require('@app/testing');

/**
 * Rates are per sender, both held with room to spare: the room of 200 at 60 and 180
 * messages/s in, 50 rooms of 20 and 500 private chats at 100 and 200.
 */
export const SEND_COST_WORKLOADS = [
  { key: 'big', name: 'one public room of 200 members, 60 vip senders', rooms: 1, members: 200, senders: 60, rates: [1, 3] },
  { key: 'rooms', name: '50 rooms of 20 members, 2 vip senders per room', rooms: 50, members: 20, senders: 2, rates: [1, 2] },
  { key: 'private', name: '500 private chats, both people sending', rooms: 500, members: 2, senders: 2, private: true, rates: [0.1, 0.2] },
];
const WARM_UP_SECONDS = 5;

/**
 * PostgreSQL's CPU ticks: the server's processes listed anew at each reading (backends come and
 * go as the pools open and reap connections), plus the time of the postmaster's reaped children
 * (cutime, cstime), so a backend that exits between two readings keeps its time in the
 * difference. With a server of the run's own (postmasterPid), only its processes count;
 * otherwise every PostgreSQL process of the machine does.
 */
function postgresTicks(postmasterPid) {
  let pids = [];
  try {
    const found = postmasterPid ? execFileSync('pgrep', ['-P', String(postmasterPid)]) : execFileSync('pgrep', ['-x', 'postgres']);
    pids = found.toString().trim().split('\n').map(Number);
  } catch {
    // no backends at the moment
  }
  if (postmasterPid) pids.push(postmasterPid);
  let reaped = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // The postmaster is the one whose parent is not PostgreSQL: its children are the backends.
      if (!pids.includes(Number(fields[1]))) reaped += Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone since it was listed: counted with the postmaster's children
    }
  }
  return processStats(pids).cpuTicks + reaped;
}

/** One workload's rates on its own clients: CPU µs per acknowledged message, by process. */
async function measureWorkload({ target, workload, runId, index, seconds, postmasterPid, log }) {
  const tag = `${runId}-${index}`;
  const { clients } = await connectWorkload({ target, workload, tag: `${tag}c` });
  try {
    // Senders start spread over one interval: the warm-up lasts two of them at least, so that
    // every sender's first message (caches, compiled code) falls before the measurement.
    const firstRate = workload.rates[0];
    await measureSending({ target, clients, members: workload.members, ratePerSender: firstRate, tag: `${tag}w`, sendSeconds: Math.max(WARM_UP_SECONDS, 2 / firstRate) });
    await target.markMeasurement();
    const groups = {
      gateway: target.connectionPids(),
      'chat-svc': target.pidsOf('chat-svc'),
      'auth-svc': target.pidsOf('auth-svc'),
      'nats-server and redis-server': target.brokerPids(),
    };
    const ticks = () => ({ ...Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, processStats(pids).cpuTicks])), PostgreSQL: postgresTicks(postmasterPid) });
    const rows = [];
    for (const [step, rate] of workload.rates.entries()) {
      const offered = rate * workload.senders * workload.rooms;
      log(`${workload.name}: ${offered} messages/s for ${seconds} s`);
      const before = ticks();
      const figures = await measureSending({ target, clients, members: workload.members, ratePerSender: rate, tag: `${tag}s${step}`, sendSeconds: seconds });
      const after = ticks();
      const micros = Object.fromEntries(Object.keys(after).map((name) => [name, ((after[name] - before[name]) / CLOCK_TICKS_PER_SECOND / Math.max(1, figures.acked)) * 1e6]));
      rows.push({ offered, figures, micros });
    }
    return { workload, processes: [...Object.keys(groups), 'PostgreSQL'], rows };
  } finally {
    await closeClients(clients);
  }
}

/** workload: one key of SEND_COST_WORKLOADS (--workload), or every workload in turn. */
export async function runSendCost({ seconds, workload: only, profileDir, log }) {
  const runId = newRunId();
  const loadBefore = loadavg()[0];
  const workloads = only ? SEND_COST_WORKLOADS.filter((w) => w.key === only) : SEND_COST_WORKLOADS;
  // A PostgreSQL server of the run's own where one is installed: nothing else on the machine
  // (another run's tests, say) then shows in its column.
  const binDir = postgresBinDir();
  const postgres = binDir ? await startPostgresServer(binDir) : null;
  log(`Starting the chat system (1 gateway, 1 chat-svc) on ${postgres ? 'a PostgreSQL server of its own' : "the machine's PostgreSQL"}`);
  try {
    const target = await startChatTarget({ gateways: 1, chatReplicas: 1, runId, profileDir, postgresUrl: postgres?.url });
    try {
      const results = [];
      for (const [index, workload] of workloads.entries()) {
        results.push(await measureWorkload({ target, workload, runId, index, seconds, postmasterPid: postgres?.process.pid, log }));
      }
      return {
        date: new Date().toISOString(),
        machine: describeMachine(),
        load: `1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
        postgres: postgres ? 'its own' : "the machine's",
        seconds,
        results,
      };
    } finally {
      await target.stop();
    }
  } finally {
    postgres?.stop();
  }
}

const fixed = (value, digits = 0) => (value === null || value === undefined ? '-' : value.toFixed(digits));

export function formatSendCost(r) {
  const lines = [`Run ${r.date} on ${r.machine}; 1 gateway, 1 chat-svc, PostgreSQL ${r.postgres}, ${r.seconds} s of sending per rate; ${r.load}.`, ''];
  for (const { workload, processes, rows } of r.results) {
    lines.push(
      `#### ${workload.name}: CPU µs per message sent, by process`,
      '',
      `| messages/s in | sent / acked | lost | p50 ms | p99 ms | ${processes.join(' | ')} | all |`,
      `|---|---|---|---|---|${processes.map(() => '---').join('|')}|---|`,
    );
    for (const { offered, figures: f, micros } of rows) {
      const all = Object.values(micros).reduce((sum, value) => sum + value, 0);
      lines.push(`| ${fixed(offered)} | ${f.sent} / ${f.acked} | ${f.lost} | ${fixed(f.latencyMs.p50, 1)} | ${fixed(f.latencyMs.p99, 1)} | ${processes.map((name) => fixed(micros[name])).join(' | ')} | ${fixed(all)} |`);
    }
    lines.push('');
  }
  lines.push(`CPU time is read from /proc in clock ticks (10 ms): over ${r.seconds} s of sending a figure moves by about 5% between runs of the same code (more over shorter runs).`);
  return lines.join('\n');
}

export function sendCostProblems(r) {
  return r.results.flatMap(({ workload, rows }) =>
    rows.flatMap(({ offered, figures: f }) => [
      ...(f.lost > 0 ? [`${workload.name}, ${offered} messages/s: ${f.lost} deliveries lost`] : []),
      ...(f.outOfOrder > 0 ? [`${workload.name}, ${offered} messages/s: ${f.outOfOrder} deliveries out of order or repeated`] : []),
      ...(f.acked + f.refusedSends < f.sent ? [`${workload.name}, ${offered} messages/s: ${f.sent - f.acked - f.refusedSends} sends not answered`] : []),
    ]),
  );
}
