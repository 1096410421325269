import type { ErrorFrame, FieldCode, FieldCodes, MessageDto, SendMessageFrame } from '@app/contracts';
import { newClientId } from '../outgoing-ids';
import type { OutboxEntry, OutboxPayload, OutboxRefusal, OutboxStore } from './outbox-store';

export interface OutboxOptions {
  userId: number;
  store: OutboxStore;
  /** Puts a frame on the socket; without a socket it is dropped and the entry goes after the next join. */
  send: (frame: SendMessageFrame) => void;
  /** The socket is authenticated and has joined this room (sending into a public room takes being in it). */
  isLive: (roomId: number) => boolean;
  /** Held while an entry is on its way, so two tabs of the same person never send it at once. */
  locks?: Pick<LockManager, 'request'>;
  makeId?: () => string;
  now?: () => number;
}

type Release = () => void;
const NOTHING_HELD: Release = () => undefined;
const NO_ENTRIES: OutboxEntry[] = [];

/**
 * What a person sent and the server has not stored yet, for one account on one page. Every send
 * is kept (in memory for the screen, in IndexedDB for a reload) before it goes out; it goes out
 * at once while the room is live and otherwise after the next join, in the order it was typed.
 * The stored message (an ack, the room's echo, the history after a rejoin) carries the same
 * client id and ends the entry; an error frame carrying it marks the entry failed with the
 * server's words until its sender retries or discards it.
 */
export class Outbox {
  private readonly entries = new Map<string, OutboxEntry>();
  /** Entries sent on the current connection, with the cross-tab lock held for each. */
  private readonly inFlight = new Map<string, Release>();
  /** Entries the database is known to hold: one missing from it later was settled or discarded by another tab. */
  private readonly persisted = new Set<string>();
  /** Client ids the server stored or the sender discarded: a late read of the database never brings them back. */
  private readonly done = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private snapshots = new Map<number, OutboxEntry[]>();
  private flushing: Promise<void> = Promise.resolve();
  private lastCreatedAt = 0;
  private disposed = false;
  /** Settles once the entries kept from earlier visits are read. */
  readonly loaded: Promise<void>;

  constructor(private readonly options: OutboxOptions) {
    this.loaded = this.load();
  }

  get userId(): number {
    return this.options.userId;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** A room's entries in the order they were typed; the same array until one of them changes. */
  entriesFor(roomId: number): OutboxEntry[] {
    let list = this.snapshots.get(roomId);
    if (!list) {
      list = [...this.entries.values()].filter((e) => e.roomId === roomId).sort((a, b) => a.createdAt - b.createdAt);
      this.snapshots.set(roomId, list.length ? list : NO_ENTRIES);
    }
    return list.length ? list : NO_ENTRIES;
  }

  get(clientId: string): OutboxEntry | undefined {
    return this.entries.get(clientId);
  }

  /** Keeps a new message and sends it when the room is live. */
  enqueue(roomId: number, payload: OutboxPayload): OutboxEntry {
    const now = this.options.now?.() ?? Date.now();
    const createdAt = Math.max(now, this.lastCreatedAt + 1);
    this.lastCreatedAt = createdAt;
    const clientId = (this.options.makeId ?? newClientId)();
    const entry: OutboxEntry = { clientId, userId: this.userId, roomId, payload, createdAt, attempts: 0, state: 'sending' };
    this.write(entry);
    if (this.options.isLive(roomId)) void this.flush(roomId);
    return entry;
  }

  /** Messages the server stored: each of mine that was on its way here is done. */
  settle(messages: readonly MessageDto[]): OutboxEntry[] {
    const settled: OutboxEntry[] = [];
    for (const message of messages) {
      if (message.senderId !== this.userId || !message.clientId) continue;
      this.done.add(message.clientId);
      const entry = this.entries.get(message.clientId);
      if (entry) {
        settled.push(entry);
        this.drop(message.clientId);
      }
    }
    if (settled.length) this.changed();
    return settled;
  }

  /** A refused send: the entry keeps the server's answer until its sender retries or discards it. */
  refuse(frame: ErrorFrame): OutboxEntry | undefined {
    const entry = frame.clientId ? this.entries.get(frame.clientId) : undefined;
    if (!entry) return undefined;
    this.release(entry.clientId);
    const refusal: OutboxRefusal = {
      code: frame.code,
      message: frame.message,
      ...(typeof frame.error === 'string' ? { error: frame.error } : {}),
      ...(typeof frame.waitTime === 'number' ? { waitTime: frame.waitTime } : {}),
      ...(frame.fields ? { fields: frame.fields as Record<string, string[]> } : {}),
      ...(frame.fieldCodes ? { fieldCodes: frame.fieldCodes as FieldCodes } : {}),
      ...(frame.messageCode ? { messageCode: frame.messageCode as FieldCode } : {}),
    };
    const failed: OutboxEntry = { ...entry, state: 'failed', refusal };
    this.write(failed);
    return failed;
  }

  retry(clientId: string): void {
    const entry = this.entries.get(clientId);
    if (!entry || entry.state !== 'failed') return;
    const { refusal: _refusal, ...rest } = entry;
    this.write({ ...rest, state: 'sending' });
    if (this.options.isLive(entry.roomId)) void this.flush(entry.roomId);
  }

  discard(clientId: string): void {
    if (!this.entries.has(clientId)) return;
    this.done.add(clientId);
    this.drop(clientId);
    this.changed();
  }

  /** The socket dropped or left the room: whatever was on its way goes again after the next join. */
  connectionLost(): void {
    for (const clientId of [...this.inFlight.keys()]) this.release(clientId);
  }

  /**
   * Sends the room's waiting entries in the order they were typed, each once per connection.
   * Flushes run one after another, so a send typed during a flush goes after those before it.
   */
  flush(roomId: number): Promise<void> {
    // A flush that fails must not stop the ones after it: what it left waits for the next join.
    this.flushing = this.flushing.then(() => this.sendWaiting(roomId)).catch((error: unknown) => console.warn('The outbox could not send', error));
    return this.flushing;
  }

  dispose(): void {
    this.disposed = true;
    this.connectionLost();
    this.listeners.clear();
    void this.options.store.close();
  }

  private async sendWaiting(roomId: number) {
    for (const { clientId } of this.entriesFor(roomId)) {
      if (this.disposed || !this.options.isLive(roomId)) return;
      const waiting = this.entries.get(clientId);
      if (!waiting || waiting.state !== 'sending' || this.inFlight.has(clientId)) continue;
      const release = await this.claim(clientId);
      // Another tab holds it: that tab sends it, and this one hears the stored message in the room.
      if (!release) {
        this.inFlight.set(clientId, NOTHING_HELD);
        continue;
      }
      // Another tab may have had it stored, refused or discarded since this one read it.
      const stored = await this.options.store.read(clientId);
      if ((stored === undefined && this.persisted.has(clientId)) || (stored && stored.state !== 'sending')) this.adopt(clientId, stored);
      const current = this.entries.get(clientId);
      if (!current || current.state !== 'sending' || this.inFlight.has(clientId) || this.disposed || !this.options.isLive(roomId)) {
        release();
        continue;
      }
      this.inFlight.set(clientId, release);
      const sent: OutboxEntry = { ...current, attempts: current.attempts + 1 };
      this.write(sent);
      const { content, type, formatting, metadata, replyToId } = sent.payload;
      this.options.send({
        type: 'send_message',
        roomId,
        clientId,
        content,
        messageType: type,
        ...(formatting ? { formatting } : {}),
        ...(metadata ? { metadata } : {}),
        ...(replyToId ? { replyToId } : {}),
        // Gone before without an answer: the server looks for what it stored first.
        ...(sent.attempts > 1 ? { retry: true } : {}),
      });
    }
  }

  /** The cross-tab lock for one entry, or null when another tab holds it (no lock API: always granted). */
  private claim(clientId: string): Promise<Release | null> {
    const locks = this.options.locks;
    if (!locks) return Promise.resolve(NOTHING_HELD);
    return new Promise((resolve) => {
      locks
        .request(`chat-outbox:${clientId}`, { ifAvailable: true }, (lock) => {
          if (!lock) return resolve(null);
          return new Promise<void>((release) => resolve(() => release()));
        })
        .catch(() => resolve(NOTHING_HELD));
    });
  }

  /** What the database says of an entry another tab changed: gone, or refused with the server's answer. */
  private adopt(clientId: string, stored: OutboxEntry | undefined) {
    if (stored) this.entries.set(clientId, stored);
    else {
      this.done.add(clientId);
      this.entries.delete(clientId);
      this.persisted.delete(clientId);
    }
    this.changed();
  }

  private release(clientId: string) {
    this.inFlight.get(clientId)?.();
    this.inFlight.delete(clientId);
  }

  private write(entry: OutboxEntry) {
    this.entries.set(entry.clientId, entry);
    void this.options.store.put(entry).then((kept) => kept && this.entries.has(entry.clientId) && this.persisted.add(entry.clientId));
    this.changed();
  }

  private drop(clientId: string) {
    this.release(clientId);
    this.entries.delete(clientId);
    this.persisted.delete(clientId);
    void this.options.store.remove(clientId);
  }

  private changed() {
    this.snapshots = new Map();
    for (const listener of [...this.listeners]) listener();
  }

  private async load() {
    const kept = await this.options.store.list(this.userId);
    if (this.disposed) return;
    const fresh = kept.filter((e) => !this.entries.has(e.clientId) && !this.done.has(e.clientId));
    if (fresh.length === 0) return;
    for (const entry of fresh) {
      // Sent before the reload and not answered since: it goes again (the server stores it once).
      this.entries.set(entry.clientId, entry);
      this.persisted.add(entry.clientId);
      this.lastCreatedAt = Math.max(this.lastCreatedAt, entry.createdAt);
    }
    this.changed();
    for (const roomId of new Set(fresh.map((e) => e.roomId))) {
      if (this.options.isLive(roomId)) void this.flush(roomId);
    }
  }
}
