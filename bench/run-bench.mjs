// The benchmark: each workload against the chat system and against the bare ws broadcast
// server, in the same invocation, and a report with the ratios.
import { loadavg } from 'node:os';
import { describeMachine, newRunId, runWorkload } from './lib/load-generator.mjs';
import { climb, P99_LIMIT_MS, saturationWorkloads } from './lib/saturation.mjs';
import { startBareTarget, startChatTarget, startSocketIoTarget } from './lib/targets.mjs';

/** Senders send at rates a person may: under the flood guard's 80 messages per 10 s. */
export const WORKLOADS = {
  full: [
    { name: 'one public room of 200 members, 20 vip senders at 5 messages/s each', rooms: 1, members: 200, senders: 20, ratePerSender: 5 },
    { name: '50 rooms of 20 members, one vip sender per room at 2 messages/s', rooms: 50, members: 20, senders: 1, ratePerSender: 2 },
  ],
  smoke: [{ name: 'smoke: one room of 20 members, 2 vip senders at 5 messages/s', rooms: 1, members: 20, senders: 2, ratePerSender: 5 }],
};

/**
 * The ceiling of each server on the same clients: every workload's steps against the chat
 * system, the bare ws server and the Socket.IO peer, in turn, in this one invocation.
 */
export async function runSaturation({ smoke, quick, workload: only, gateways, chatReplicas, stepSeconds, profileDir, log }) {
  const runId = newRunId();
  const workloads = saturationWorkloads({ smoke, quick, only });
  log(`Starting the chat system (${gateways} gateway(s), ${chatReplicas} chat-svc), the bare ws server and the Socket.IO peer`);
  const loadBefore = loadavg()[0];
  const targets = [];
  try {
    targets.push(await startChatTarget({ gateways, chatReplicas, runId, profileDir }));
    targets.push(await startBareTarget());
    targets.push(await startSocketIoTarget({ runId }));
    const results = [];
    for (const [index, workload] of workloads.entries()) {
      // A smoke's memory per connection is not read: its workloads share the processes, in seconds fewer.
      if (index > 0 && !smoke) {
        log('Restarting the processes that hold the sockets');
        await Promise.all(targets.map((t) => t.fresh()));
      }
      for (const [t, target] of targets.entries()) {
        if (workload.chatSystemOnly && target.name !== CHAT) continue;
        log(`${workload.name}: ${target.name}, steps of ${stepSeconds} s`);
        const tag = `${runId}-${index}t${t}`;
        results.push({ workload, target: target.name, ...(await climb({ target, workload, tag, stepSeconds, warmUpSeconds: smoke ? 1 : undefined, log })) });
      }
    }
    return {
      date: new Date().toISOString(),
      machine: describeMachine(),
      setup: `${gateways} gateway(s), ${chatReplicas} chat-svc replica(s), ${stepSeconds} s of sending per step${profileDir ? ', CPU profiles on' : ''}`,
      load: `1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
      results,
    };
  } finally {
    for (const target of targets) await target.stop();
  }
}

export async function runBench({ smoke, gateways, chatReplicas, sendSeconds, log }) {
  const runId = newRunId();
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
      machine: describeMachine(),
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

const CHAT = 'chat system';
const PEERS = ['bare ws', 'Socket.IO peer'];

/** The saturation report: per workload the sustained rate of each server, the ratios, and every step. */
export function formatSaturation(report) {
  const lines = [`Run ${report.date} on ${report.machine}; ${report.setup}; ${report.load}.`, ''];
  const byWorkload = new Map();
  for (const r of report.results) byWorkload.set(r.workload.name, [...(byWorkload.get(r.workload.name) ?? []), r]);
  for (const [name, runs] of byWorkload) {
    const workload = runs[0].workload;
    lines.push(`#### ${name}: per-sender rates ${workload.rates.join(', ')} messages/s`, '');
    lines.push(`| server | sustained deliveries/s | at messages/s in | p50 ms | p99 ms | server CPU % | socket writer CPU µs per delivery | generator CPU % | memory per connection KiB | next step ended by |`);
    lines.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const { target, sustained, topped, steps, memoryPerConnectionKiB } of runs) {
      const f = sustained?.figures;
      const ended = topped ? `none: the top step held (≥)` : steps.at(-1).problems.join(', ');
      lines.push(
        `| ${target} | ${f ? `${topped ? '≥ ' : ''}${fixed(f.deliveredPerSecond)}` : 'no step held'} | ${sustained ? fixed(sustained.offeredPerSecond) : '-'} | ${fixed(f?.latencyMs.p50, 1)} | ${fixed(f?.latencyMs.p99, 1)} | ${fixed(f?.serverCpuPercent)} | ${fixed(f?.holderCpuMicrosPerDelivery, 1)} | ${fixed(f?.generatorCpuPercent)} | ${fixed(memoryPerConnectionKiB, 1)} | ${ended} |`,
      );
    }
    const runOf = (target) => runs.find((r) => r.target === target);
    const chat = runOf(CHAT);
    for (const peer of PEERS.map(runOf).filter(Boolean)) {
      // A server that held the top step could have done more: its figure is a floor.
      const bound = chat.topped && peer.topped ? 'both held the top step: ' : chat.topped ? '≥ ' : peer.topped ? '≤ ' : '';
      const value = ratio(chat.sustained?.figures.deliveredPerSecond, peer.sustained?.figures.deliveredPerSecond);
      lines.push(`| chat ÷ ${peer.target} | ${bound}${value} | | | | | | | | |`);
    }
    const halves = runs.filter((r) => r.halfCeiling);
    if (halves.length > 0) {
      lines.push('', 'At half the ceiling (the same sockets, after the climb):', '');
      lines.push('| server | messages/s in | p50 ms | p99 ms | lost, repeated or reordered |');
      lines.push('|---|---|---|---|---|');
      for (const { target, halfCeiling: h } of halves) {
        const f = h.figures;
        lines.push(`| ${target} | ${fixed(h.offeredPerSecond)} | ${fixed(f.latencyMs.p50, 1)} | ${fixed(f.latencyMs.p99, 1)} | ${f.lost + f.outOfOrder} |`);
      }
      const stalls = halves.flatMap(({ halfCeiling: h }) => h.loopDelays ?? []);
      if (stalls.length > 0) {
        lines.push('', "The chat system's event loops in that step (how long each was held up, ms):", '');
        lines.push('| process | p50 | p99 | longest |');
        lines.push('|---|---|---|---|');
        for (const d of stalls) lines.push(`| ${d.name} | ${fixed(d.p50, 1)} | ${fixed(d.p99, 1)} | ${fixed(d.max, 1)} |`);
      }
    }
    lines.push('', `Every step (deliveries/s, p99 ms, socket writer CPU µs per delivery; ✗ ended the climb):`, '');
    lines.push(`| messages/s in | ${runs.map((r) => r.target).join(' | ')} |`);
    lines.push(`|---|${runs.map(() => '---').join('|')}|`);
    for (const [i, rate] of workload.rates.entries()) {
      const cells = runs.map(({ steps }) => {
        const step = steps[i];
        if (!step) return '';
        const f = step.figures;
        return `${fixed(f.deliveredPerSecond)}, ${fixed(f.latencyMs.p99, 1)}, ${fixed(f.holderCpuMicrosPerDelivery, 1)}${step.problems.length ? ' ✗' : ''}`;
      });
      lines.push(`| ${fixed(rate * workload.senders * workload.rooms)} | ${cells.join(' | ')} |`);
    }
    const stalled = chat?.steps.filter((step) => step.loopDelays?.length > 0) ?? [];
    if (stalled.length > 0) {
      const names = stalled[0].loopDelays.map((d) => d.name);
      lines.push('', "The chat system's longest event-loop stall in each step, by process (ms):", '');
      lines.push(`| messages/s in | ${names.join(' | ')} |`);
      lines.push(`|---|${names.map(() => '---').join('|')}|`);
      for (const step of stalled) {
        const byName = new Map(step.loopDelays.map((d) => [d.name, d.max]));
        lines.push(`| ${fixed(step.offeredPerSecond)} | ${names.map((name) => fixed(byName.get(name), 1)).join(' | ')} |`);
      }
    }
    lines.push('');
  }
  lines.push(`A step holds when every acknowledged message reached every other member of its room, in order and once, and the p99 delivery latency stayed within ${P99_LIMIT_MS} ms.`);
  return lines.join('\n');
}

/** Loss, repeats, reordering and unanswered sends fail the run; a p99 over the limit only ends the climb. */
export function saturationProblems(report) {
  return report.results.flatMap(({ workload, target, warmUp, steps, halfCeiling }) =>
    [{ rate: `warm-up at ${workload.rates[0]}`, figures: warmUp }, ...steps, ...(halfCeiling ? [{ rate: `half the ceiling, ${halfCeiling.rate}`, figures: halfCeiling.figures }] : [])].flatMap(({ rate, figures: f }) => [
      ...(f.lost > 0 ? [`${target}, ${workload.name}, ${rate}/s per sender: ${f.lost} deliveries lost`] : []),
      ...(f.outOfOrder > 0 ? [`${target}, ${workload.name}, ${rate}/s per sender: ${f.outOfOrder} deliveries out of order or repeated`] : []),
      ...(f.acked + f.refusedSends < f.sent ? [`${target}, ${workload.name}, ${rate}/s per sender: ${f.sent - f.acked - f.refusedSends} sends not answered`] : []),
    ]),
  );
}
