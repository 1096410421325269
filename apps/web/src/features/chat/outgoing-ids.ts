/** A message's client id: short, URL-safe, unique enough per sender. */
export function newClientId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export interface OutgoingIds {
  /** The id of this message: the one it had on an earlier, unacknowledged attempt, or a new one. */
  idFor(message: unknown): string;
  /** The server stored the message: the next one like it is a new message. */
  acknowledged(message: unknown): void;
}

/**
 * Client ids of the messages being sent. Every attempt at the same message carries the same
 * id until the server acknowledges it, so a retry after an answer was lost (a timeout, a
 * dropped connection) is stored once: the server keeps one message per sender and client id.
 * A message is the same when what is sent is the same; an edited text is a new message.
 */
export function createOutgoingIds(makeId: () => string = newClientId): OutgoingIds {
  const unacknowledged = new Map<string, string>();
  const keyOf = (message: unknown) => JSON.stringify(message);
  return {
    idFor(message) {
      const key = keyOf(message);
      let id = unacknowledged.get(key);
      if (!id) {
        id = makeId();
        unacknowledged.set(key, id);
      }
      return id;
    },
    acknowledged(message) {
      unacknowledged.delete(keyOf(message));
    },
  };
}
