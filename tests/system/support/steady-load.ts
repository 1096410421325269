import { ErrorCode, type MessageDto, type ServerFrame } from '@app/contracts';
import { eventually } from '@app/testing';
import { performance } from 'node:perf_hooks';
import { api, type Session } from './accounts';
import { ChatSocket, SendRefused } from './chat-socket';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refusals a client meets while a dependency is away; it sends the same clientId again. */
const PASSING_REFUSALS: string[] = [ErrorCode.ServiceUnavailable, ErrorCode.RateLimit];
/** A send not answered in this time is sent again (the clientId makes that safe). */
const SEND_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** Pauses between reconnect attempts and resends: 100 ms doubling to 1.6 s, like the web client's policy, only faster. */
const backoff = (attempt: number) => Math.min(100 * 2 ** attempt, 1_600);

class Disconnected extends Error {}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms).unref())]);

export interface Acked {
  clientId: string;
  message: MessageDto;
  firstSentAt: number;
  ackedAt: number;
}

/**
 * A member of one room who recovers by itself, as the web client does: when the connection
 * closes it reconnects (to the next gateway, as a load balancer would send it), rejoins with
 * the last sequence it saw and gets what it missed. It keeps every message in arrival order.
 */
export class RoomMember {
  readonly seen: MessageDto[] = [];
  /** Delivery latency of live new_message frames: arrival minus the sender's first attempt. */
  readonly latencies: Array<{ at: number; ms: number }> = [];
  readonly closeCodes: number[] = [];
  readonly refusals: Array<{ code: string; at: number }> = [];
  readonly acked: Acked[] = [];
  /** Where it is connected now (an index into the gateways). */
  gatewayIndex: number;
  /** Each connection after the first: when it closed and when the member was back in the room. */
  readonly reconnects: Array<{ closedAt: number; rejoinedAt: number; gateway: number }> = [];
  socket?: ChatSocket;
  /** The connection whose frames count: the one joined, or the one joining. */
  private current?: ChatSocket;
  private connecting?: Promise<ChatSocket>;
  private stopped = false;
  private sending?: Promise<void>;
  /** Why sending stopped on its own: a refusal no client retries. */
  failure?: Error;

  constructor(
    private readonly gateways: string[],
    readonly session: Session,
    private readonly roomId: number,
    gatewayIndex: number,
    private readonly sentAt: Map<string, number>,
  ) {
    this.gatewayIndex = gatewayIndex;
  }

  get lastSeq(): number {
    return this.seen.at(-1)?.seq ?? 0;
  }

  /** Connected and in the room (reconnecting first when the connection is gone). */
  ready(): Promise<ChatSocket> {
    this.connecting ??= this.connect(false);
    return this.connecting;
  }

  private async connect(again: boolean): Promise<ChatSocket> {
    const closedAt = performance.now();
    for (let attempt = 0; ; attempt++) {
      if (this.stopped) throw new Disconnected('stopped');
      // After a lost connection the first try goes to the next gateway.
      const index = (this.gatewayIndex + (again ? 1 : 0) + attempt) % this.gateways.length;
      let socket: ChatSocket | undefined;
      try {
        socket = await withTimeout(ChatSocket.open(this.gateways[index], this.session), CONNECT_TIMEOUT_MS, 'connecting');
        this.current = socket;
        this.listen(socket);
        const joined = await withTimeout(socket.join(this.roomId, this.lastSeq), CONNECT_TIMEOUT_MS, 'joining');
        if (joined.hasMore) throw new Error(`missed more than a page while away (after seq ${this.lastSeq})`);
        this.gatewayIndex = index;
        this.socket = socket;
        if (again) this.reconnects.push({ closedAt, rejoinedAt: performance.now(), gateway: index });
        void socket.closed.then(({ code }) => this.onClosed(socket!, code));
        return socket;
      } catch (error) {
        if ((error as Error).message.startsWith('missed more')) throw error;
        this.current = undefined;
        void socket?.close().catch(() => undefined);
        await sleep(backoff(attempt));
      }
    }
  }

  private listen(socket: ChatSocket) {
    socket.onFrame((frame: ServerFrame) => {
      // A connection given up on while joining says nothing about what this member saw.
      if (socket !== this.current) return;
      if (frame.type === 'room_messages' && frame.roomId === this.roomId) this.seen.push(...frame.messages);
      if (frame.type === 'new_message' && frame.roomId === this.roomId) {
        this.seen.push(frame.message);
        const sent = frame.message.clientId ? this.sentAt.get(frame.message.clientId) : undefined;
        const now = performance.now();
        if (sent !== undefined && frame.message.senderId !== this.session.user.id) this.latencies.push({ at: now, ms: now - sent });
      }
    });
  }

  private onClosed(socket: ChatSocket, code: number) {
    if (socket !== this.socket || this.stopped) return;
    this.closeCodes.push(code);
    this.socket = undefined;
    this.connecting = this.connect(true);
    this.connecting.catch(() => undefined);
  }

  /** Sends one message, again and again with the same clientId, until it is acknowledged. */
  async sendUntilAcked(content: string, clientId: string): Promise<MessageDto> {
    if (!this.sentAt.has(clientId)) this.sentAt.set(clientId, performance.now());
    for (let attempt = 0; ; attempt++) {
      const socket = await this.ready();
      try {
        const closed = socket.closed.then(() => Promise.reject(new Disconnected('closed')));
        closed.catch(() => undefined);
        return await Promise.race([socket.sendMessage(content, clientId, SEND_TIMEOUT_MS), closed]);
      } catch (error) {
        if (error instanceof SendRefused) {
          if (!PASSING_REFUSALS.includes(error.frame.code)) throw error;
          this.refusals.push({ code: error.frame.code, at: performance.now() });
        }
        if (this.stopped) throw error;
        await sleep(backoff(attempt));
      }
    }
  }

  /** Sends `message n` every intervalMs, one at a time, until stopped. */
  startSending(intervalMs: number) {
    this.sending = (async () => {
      for (let n = 1; !this.stopped; n++) {
        const clientId = `${this.session.user.username}-${n}`;
        const started = performance.now();
        const message = await this.sendUntilAcked(`message ${n}`, clientId);
        this.acked.push({ clientId, message, firstSentAt: this.sentAt.get(clientId)!, ackedAt: performance.now() });
        await sleep(Math.max(0, intervalMs - (performance.now() - started)));
      }
    })().catch((error: Error) => {
      this.failure = error;
    });
  }

  /** Stops sending after the send in flight is acknowledged. */
  async stopSending() {
    const sending = this.sending;
    this.sending = undefined;
    if (!sending) return;
    this.stopped = true;
    try {
      await sending;
    } finally {
      this.stopped = false;
    }
    if (this.failure) throw this.failure;
  }

  async close() {
    this.stopped = true;
    await this.socket?.close();
  }
}

export interface SteadyLoadOptions {
  gateways: string[];
  roomId: number;
  /** Each sender and the gateway it starts on; senders are room members too. */
  senders: Array<[Session, number]>;
  receivers: Array<[Session, number]>;
  /** Each sender sends one message per interval. */
  intervalMs?: number;
}

/**
 * A steady stream of sends into one room from several members, and the checks the bench
 * makes of it: every acknowledged message stored once, in one gapless sequence, and seen by
 * every member exactly once and in that order, whatever happened to the connections.
 */
export class SteadyLoad {
  readonly members: RoomMember[];
  readonly senders: RoomMember[];
  private readonly sentAt = new Map<string, number>();

  private constructor(private readonly options: SteadyLoadOptions) {
    const member = ([session, gateway]: [Session, number]) => new RoomMember(options.gateways, session, options.roomId, gateway, this.sentAt);
    this.senders = options.senders.map(member);
    this.members = [...this.senders, ...options.receivers.map(member)];
  }

  static async start(options: SteadyLoadOptions): Promise<SteadyLoad> {
    const load = new SteadyLoad(options);
    for (const member of load.members) await member.ready();
    for (const sender of load.senders) sender.startSending(options.intervalMs ?? 200);
    // The stream is flowing before any fault is made.
    await load.waitForAcks(performance.now());
    return load;
  }

  get roomId(): number {
    return this.options.roomId;
  }

  acked(): Acked[] {
    return this.senders.flatMap((s) => s.acked);
  }

  /** Resolves when every sender has had a message acknowledged after `since` (performance.now()); fails at once when one gave up. */
  async waitForAcks(since: number, timeoutMs = 60_000): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const failed = this.senders.find((s) => s.failure);
      if (failed) throw new Error(`${failed.session.user.username} stopped sending: ${failed.failure!.message}`);
      const waiting = this.senders.filter((s) => (s.acked.at(-1)?.ackedAt ?? 0) <= since);
      if (waiting.length === 0) return performance.now();
      if (performance.now() > deadline) throw new Error(`No acknowledgement within ${timeoutMs} ms for ${waiting.map((s) => s.session.user.username).join(', ')}`);
      await sleep(20);
    }
  }

  /** Stops the senders and checks the room's whole stream against what each member saw; answers the stored history. */
  async stopAndVerify(): Promise<MessageDto[]> {
    await Promise.all(this.senders.map((s) => s.stopSending()));
    const [reader] = this.options.senders[0];
    const history: MessageDto[] = [];
    for (let after = 0; ; ) {
      const page = await api(this.options.gateways[0], 'GET', `/api/rooms/${this.options.roomId}/messages?afterSeq=${after}&limit=100`, reader);
      expect(page.status).toBe(200);
      history.push(...(page.body as MessageDto[]));
      if (page.body.length < 100) break;
      after = history.at(-1)!.seq;
    }
    const acked = this.acked();
    // Stored once each, in one gapless sequence, and every acknowledged message among them.
    expect(history.map((m) => m.seq)).toEqual(history.map((_, i) => i + 1));
    expect(new Set(history.map((m) => m.clientId)).size).toBe(history.length);
    const stored = new Map(history.map((m) => [m.clientId, m.id]));
    expect(acked.filter((a) => stored.get(a.clientId) !== a.message.id)).toEqual([]);
    // Nothing stored that nobody was told about: every send was retried until acknowledged.
    expect(history.length).toBe(acked.length);
    // Each sender's messages in the order it sent them.
    for (const sender of this.senders) {
      const own = history.filter((m) => m.senderId === sender.session.user.id).map((m) => m.clientId);
      expect(own).toEqual(sender.acked.map((a) => a.clientId));
    }
    // Every member saw all of it, once, in order (lost, duplicated or reordered shows here).
    const lastSeq = history.at(-1)!.seq;
    for (const member of this.members) {
      await eventually(() => expect(member.lastSeq).toBeGreaterThanOrEqual(lastSeq), { timeoutMs: 15_000 });
      expect(member.seen.map((m) => m.id)).toEqual(history.map((m) => m.id));
    }
    return history;
  }

  async close() {
    await Promise.all(this.members.map((m) => m.close().catch(() => undefined)));
  }
}

/** Latency percentile (ms) of deliveries that arrived in [from, to). */
export function latencyPercentile(members: RoomMember[], p: number, from = 0, to = Infinity): number {
  const sorted = members
    .flatMap((m) => m.latencies)
    .filter((l) => l.at >= from && l.at < to)
    .map((l) => l.ms)
    .sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('no deliveries in that window');
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Prints a fault's recovery time where the test output shows it. */
export function reportRecovery(fault: string, ms: number, detail = '') {
  process.stdout.write(`RECOVERY ${fault}: ${Math.round(ms)} ms${detail ? ` (${detail})` : ''}\n`);
}
