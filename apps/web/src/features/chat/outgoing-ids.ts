/**
 * A message's client id: short, URL-safe, unique enough per sender. Every attempt at the same
 * message carries it (the outbox keeps it with the message), so a retry after an answer was lost
 * is stored once: the server keeps one message per sender and client id.
 */
export function newClientId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
