import type { FieldCode, FieldCodes, MessageFormatting, MessageType } from '@app/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** The database that keeps what a person sent until the server has stored it. */
export const OUTBOX_DATABASE = 'chat-outbox';

/** What a send carries (the send_message frame without its room and id). */
export interface OutboxPayload {
  content: string;
  type: MessageType;
  formatting?: MessageFormatting;
  metadata?: Record<string, unknown>;
  /** A reply: the message it answers. */
  replyToId?: number;
}

/** The server's answer to a refused send, as its error frame said it. */
export interface OutboxRefusal {
  code: string;
  message: string;
  /** A 429's kind: rate_limit, rate_limit_duplicate or rate_limit_links. */
  error?: string;
  /** A 429's wait in milliseconds. */
  waitTime?: number;
  /** A 400's refused fields and their codes, worded when shown. */
  fields?: Record<string, string[]>;
  fieldCodes?: FieldCodes;
  /** A refusal that names no field: its message's code, worded when shown. */
  messageCode?: FieldCode;
}

/** One message on its way: kept until the server stores it or its sender discards it. */
export interface OutboxEntry {
  /** The send's client id: however often it is sent, the server stores it once. */
  clientId: string;
  /** Whose message: another account signed in on this browser never sends it. */
  userId: number;
  roomId: number;
  payload: OutboxPayload;
  /** When it was typed (epoch ms, strictly increasing per page): sends go out in this order. */
  createdAt: number;
  /** How many times it went out on a socket. */
  attempts: number;
  state: 'sending' | 'failed';
  refusal?: OutboxRefusal;
}

interface OutboxSchema extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { 'by-user': number } };
}

export interface OutboxStore {
  /** A person's entries, oldest first. */
  list(userId: number): Promise<OutboxEntry[]>;
  /**
   * An entry as the database has it now (another tab may have settled or refused it), undefined
   * when it is gone; null when this browser keeps no database, so nothing can be said.
   */
  read(clientId: string): Promise<OutboxEntry | undefined | null>;
  /** Keeps an entry; false when the database could not (none in this browser, or it refused). */
  put(entry: OutboxEntry): Promise<boolean>;
  remove(clientId: string): Promise<void>;
  /** Forgets every entry (signing out: a shared computer keeps no one's unsent words). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The outbox's IndexedDB store, entries keyed by client id. Where the browser keeps no
 * IndexedDB (some private windows) every call quietly does nothing: the page still sends,
 * it only cannot keep a send across a reload.
 */
export function openOutboxStore(name: string = OUTBOX_DATABASE): OutboxStore {
  const opening: Promise<IDBPDatabase<OutboxSchema> | null> =
    typeof indexedDB === 'undefined'
      ? Promise.resolve(null)
      : openDB<OutboxSchema>(name, 1, {
          upgrade(db) {
            db.createObjectStore('entries', { keyPath: 'clientId' }).createIndex('by-user', 'userId');
          },
        }).catch((error: unknown) => {
          console.warn('Unsent messages cannot be kept across a reload in this browser', error);
          return null;
        });

  const quietly = async <T>(work: (db: IDBPDatabase<OutboxSchema>) => Promise<T>, fallback: T): Promise<T> => {
    const db = await opening;
    if (!db) return fallback;
    try {
      return await work(db);
    } catch (error) {
      console.warn('The outbox could not be updated', error);
      return fallback;
    }
  };

  return {
    list: (userId) => quietly(async (db) => (await db.getAllFromIndex('entries', 'by-user', userId)).sort((a, b) => a.createdAt - b.createdAt), []),
    read: async (clientId) => ((await opening) ? quietly((db) => db.get('entries', clientId), null) : null),
    put: (entry) => quietly(async (db) => Boolean(await db.put('entries', entry)), false),
    remove: (clientId) => quietly((db) => db.delete('entries', clientId), undefined),
    clear: () => quietly((db) => db.clear('entries'), undefined),
    close: async () => (await opening)?.close(),
  };
}

/** Signing out: this browser forgets what it was still to send for the person. */
export async function forgetUnsentMessages(name: string = OUTBOX_DATABASE): Promise<void> {
  const store = openOutboxStore(name);
  await store.clear();
  await store.close();
}
