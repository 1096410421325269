// The benchmark: each workload against the chat system and against the bare ws broadcast
// server, in the same invocation, and a report with the ratios.
import { cpus, loadavg, totalmem } from 'node:os';
import { runWorkload } from './lib/load-generator.mjs';
import { startBareTarget, startChatTarget } from './lib/targets.mjs';

/** Senders stay under the flood guard (80 messages per 10 s per person) like anyone else. */
export const WORKLOADS = {
  full: [
    { name: 'one public room of 200 members, 20 vip senders at 5 messages/s each', rooms: 1, members: 200, senders: 20, ratePerSender: 5 },
    { name: '50 rooms of 20 members, one vip sender per room at 2 messages/s', rooms: 50, members: 20, senders: 1, ratePerSender: 2 },
  ],
  smoke: [{ name: 'smoke: one room of 20 members, 2 vip senders at 5 messages/s', rooms: 1, members: 20, senders: 2, ratePerSender: 5 }],
};

export async function runBench({ smoke, gateways, chatReplicas, sendSeconds, log }) {
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const workloads = smoke ? WORKLOADS.smoke : WORKLOADS.full;
  log(`Starting the chat system (${gateways} gateway(s), ${chatReplicas} chat-svc) and the bare ws server`);
  // Anything else running on the machine shows in the figures: the load says how busy it was.
  const loadBefore = loadavg()[0];
  const bare = await startBareTarget();
  let chat;
  try {
    chat = await startChatTarget({ gateways, chatReplicas, runId });
    const results = [];
    for (const [index, workload] of workloads.entries()) {
      if (index > 0) {
        // Memory freed by the last workload would be reused by this one's sockets and hide their cost.
        log('Restarting the processes that hold the sockets');
        await Promise.all([chat.fresh(), bare.fresh()]);
      }
      for (const target of [chat, bare]) {
        log(`${workload.name}: ${target.name} (${sendSeconds} s of sending)`);
        const figures = await runWorkload({ target, workload, tag: `${runId}-${index}${target === chat ? 'c' : 'b'}`, sendSeconds });
        results.push({ workload, target: target.name, figures });
      }
    }
    return {
      date: new Date().toISOString(),
      machine: `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      setup: `${gateways} gateway(s), ${chatReplicas} chat-svc replica(s), ${sendSeconds} s of sending per run`,
      load: `1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
      results,
    };
  } finally {
    await chat?.stop();
    await bare.stop();
  }
}

const fixed = (value, digits = 0) => (value === null || value === undefined ? '-' : value.toFixed(digits));
const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}×` : '-');

/** The report as Markdown: one table per workload, chat system against the baseline. */
export function formatReport(report) {
  const lines = [`Run ${report.date} on ${report.machine}; ${report.setup}; ${report.load}.`, ''];
  const byWorkload = new Map();
  for (const r of report.results) byWorkload.set(r.workload.name, [...(byWorkload.get(r.workload.name) ?? []), r]);
  for (const [name, runs] of byWorkload) {
    lines.push(`#### ${name}`, '');
    lines.push('| server | connections | sent / acked | lost | out of order | delivered/s | p50 ms | p99 ms | max ms | p99 to every receiver ms | memory per connection KiB | server CPU % | generator CPU % | generator loop delay p99 ms |');
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { target, figures: f } of runs) {
      lines.push(
        `| ${target} | ${f.connections} | ${f.sent} / ${f.acked} | ${f.lost} | ${f.outOfOrder} | ${fixed(f.deliveredPerSecond)} | ${fixed(f.latencyMs.p50, 1)} | ${fixed(f.latencyMs.p99, 1)} | ${fixed(f.latencyMs.max, 1)} | ${fixed(f.toEveryReceiverMs.p99, 1)} | ${fixed(f.memoryPerConnectionKiB, 1)} | ${fixed(f.serverCpuPercent)} | ${fixed(f.generatorCpuPercent)} | ${fixed(f.generatorLoopDelayP99Ms, 1)} |`,
      );
    }
    const [chat, bare] = [runs.find((r) => r.target === 'chat system')?.figures, runs.find((r) => r.target === 'bare ws')?.figures];
    if (chat && bare) {
      lines.push(
        `| chat ÷ bare | | | | | ${ratio(chat.deliveredPerSecond, bare.deliveredPerSecond)} | ${ratio(chat.latencyMs.p50, bare.latencyMs.p50)} | ${ratio(chat.latencyMs.p99, bare.latencyMs.p99)} | | ${ratio(chat.toEveryReceiverMs.p99, bare.toEveryReceiverMs.p99)} | ${ratio(chat.memoryPerConnectionKiB, bare.memoryPerConnectionKiB)} | ${ratio(chat.serverCpuPercent, bare.serverCpuPercent)} | | |`,
      );
    }
    const refused = runs.flatMap(({ target, figures }) => Object.entries(figures.refused).map(([code, n]) => `${target}: ${n} × ${code}`));
    if (refused.length) lines.push('', `Refused sends: ${refused.join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** No acknowledged message may be lost, duplicated or reordered, on either server. */
export function problems(report) {
  return report.results.flatMap(({ workload, target, figures: f }) => [
    ...(f.lost > 0 ? [`${target}, ${workload.name}: ${f.lost} deliveries lost`] : []),
    ...(f.outOfOrder > 0 ? [`${target}, ${workload.name}: ${f.outOfOrder} deliveries out of order or repeated`] : []),
    ...(f.acked < f.sent ? [`${target}, ${workload.name}: ${f.sent - f.acked} sends not acknowledged`] : []),
  ]);
}
