// The ceiling: on the same connected clients, open-loop send rates stepped up until a step
// loses, repeats or reorders a message or its p99 delivery latency passes the limit. The
// highest step that held is the sustained rate.
import { closeClients, connectWorkload, measureSending } from './load-generator.mjs';

export const P99_LIMIT_MS = 250;
const WARM_UP_SECONDS = 3;

/**
 * Rates are per sender. The chat system's flood guard (80 messages per 10 s per person) is
 * raised for the run (targets.mjs), as the limits per address are, so that the climb finds
 * the servers' ceilings rather than the guard's: the top steps are past what one person may
 * send. A server that holds the top step is at least that fast ("≥" in the report).
 */
/** 1,000 people, each their own account and socket; 100 to 3,000 messages/s in. */
const PRIVATE_CHATS = { key: 'private', name: '500 private chats, both people sending', rooms: 500, members: 2, senders: 2, private: true, rates: [0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3] };

export const SATURATION_WORKLOADS = {
  full: [
    { key: 'big', name: 'one public room of 200 members, 60 vip senders', rooms: 1, members: 200, senders: 60, rates: [0.25, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 9, 10.5, 12, 15] },
    { key: 'rooms', name: '50 rooms of 20 members, 2 vip senders per room', rooms: 50, members: 20, senders: 2, rates: [0.25, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 7.5, 10, 12.5, 15, 20, 25] },
    PRIVATE_CHATS,
  ],
  /**
   * Seconds on a few clients: the system tests run it to prove the climb and the peers work.
   * The private chats are the chat system's own code (a room of two is any room to the
   * peers), so they run there only, in one step (16 messages/s in, apart from the room's 4 and 8).
   */
  smoke: [
    { key: 'big', name: 'smoke: one room of 20 members, 4 vip senders', rooms: 1, members: 20, senders: 4, rates: [1, 2] },
    { key: 'private', name: 'smoke: 4 private chats, both people sending', rooms: 4, members: 2, senders: 2, private: true, rates: [2], chatSystemOnly: true },
  ],
  /** The rooms in fewer steps (the private chats' climb is short already); without --workload, the big room only. */
  quick: [
    { key: 'big', name: 'one public room of 200 members, 60 vip senders', rooms: 1, members: 200, senders: 60, rates: [0.25, 0.5, 1, 1.5, 2, 3, 4, 6, 7.5, 10, 12, 15] },
    { key: 'rooms', name: '50 rooms of 20 members, 2 vip senders per room', rooms: 50, members: 20, senders: 2, rates: [0.5, 1, 2, 3, 4, 5, 6, 7.5, 10, 15, 20, 25] },
    PRIVATE_CHATS,
  ],
};

/** What --workload takes, with --saturation and --send-cost alike. */
export const WORKLOAD_KEYS = ['big', 'rooms', 'private'];

/** The workloads a run climbs: one of them (--workload), or the mode's own (--quick: the big room only). */
export function saturationWorkloads({ smoke, quick, only }) {
  const list = SATURATION_WORKLOADS[smoke ? 'smoke' : quick ? 'quick' : 'full'];
  if (only) return list.filter((w) => w.key === only);
  return quick && !smoke ? list.filter((w) => w.key === 'big') : list;
}

/** Why a step ends the climb; a step with none held. */
export function stepProblems(f) {
  return [
    ...(f.lost > 0 ? [`${f.lost} deliveries lost`] : []),
    ...(f.outOfOrder > 0 ? [`${f.outOfOrder} deliveries out of order or repeated`] : []),
    ...(f.acked + f.refusedSends < f.sent ? [`${f.sent - f.acked - f.refusedSends} sends not answered`] : []),
    ...(f.refusedSends > 0 ? [`${f.refusedSends} sends refused`] : []),
    ...(f.latencyMs.p99 > P99_LIMIT_MS ? [`p99 ${f.latencyMs.p99.toFixed(0)} ms over ${P99_LIMIT_MS} ms`] : []),
  ];
}

/** Steps one workload up on one target; answers every step run and the highest that held. */
export async function climb({ target, workload, tag, stepSeconds, warmUpSeconds = WARM_UP_SECONDS, log }) {
  const { clients, memoryPerConnectionKiB } = await connectWorkload({ target, workload, tag });
  const steps = [];
  let warmUp;
  let halfCeiling = null;
  try {
    // Unmeasured, at the first step's rate: every sender's first message (caches, compiled
    // code) should not weigh on the first step. What it loses still counts. Senders start
    // spread over one interval, so the warm-up lasts two of them at least: at 0.25 messages/s
    // three seconds left a quarter of the senders to pay their first send in the first step.
    const firstRate = workload.rates[0];
    warmUp = await measureSending({ target, clients, members: workload.members, ratePerSender: firstRate, tag: `${tag}-w`, sendSeconds: Math.max(warmUpSeconds, 2 / firstRate) });
    // A profiled run profiles the steps only, not the start-up, the joins and the warm-up.
    await target.markMeasurement?.();
    for (const [index, rate] of workload.rates.entries()) {
      await target.eventLoopDelays?.();
      const figures = await measureSending({ target, clients, members: workload.members, ratePerSender: rate, tag: `${tag}-s${index}`, sendSeconds: stepSeconds });
      const loopDelays = (await target.eventLoopDelays?.()) ?? [];
      const problems = stepProblems(figures);
      steps.push({ rate, offeredPerSecond: rate * workload.senders * workload.rooms, figures, problems, loopDelays });
      log(`  ${target.name}: ${rate}/s per sender, ${figures.deliveredPerSecond.toFixed(0)} deliveries/s, p99 ${figures.latencyMs.p99?.toFixed(1)} ms${problems.length ? ` (${problems.join(', ')})` : ''}`);
      if (problems.length > 0) break;
    }
    // Ordinary load: the latency people meet at half the ceiling, on the same sockets, after the climb.
    const ceiling = steps.filter((s) => s.problems.length === 0).at(-1);
    if (ceiling && !workload.chatSystemOnly) {
      const rate = ceiling.rate / 2;
      await target.eventLoopDelays?.();
      const figures = await measureSending({ target, clients, members: workload.members, ratePerSender: rate, tag: `${tag}-h`, sendSeconds: stepSeconds });
      // The chat system's processes say how long their event loops stalled in this step.
      const loopDelays = (await target.eventLoopDelays?.()) ?? [];
      halfCeiling = { rate, offeredPerSecond: rate * workload.senders * workload.rooms, figures, problems: stepProblems(figures), loopDelays };
      log(`  ${target.name}: half the ceiling, ${rate}/s per sender, p50 ${figures.latencyMs.p50?.toFixed(1)} ms, p99 ${figures.latencyMs.p99?.toFixed(1)} ms`);
    }
  } finally {
    await closeClients(clients);
  }
  const held = steps.filter((s) => s.problems.length === 0);
  return {
    warmUp,
    steps,
    memoryPerConnectionKiB,
    sustained: held.at(-1) ?? null,
    halfCeiling,
    /** Every step held: the clients could not ask for more. */
    topped: held.length === workload.rates.length,
  };
}
