/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** PostgreSQL: connection exceptions (class 08) and a server shutting down or ending the session (57P01-57P03). */
const POSTGRES_CODE = /^(08...|57P0[123])$/;
const DISCONNECTED_MESSAGES = [
  // ioredis, while Redis is away: commands fail after their retries, or at once when closed.
  'Connection is closed.',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
  // pg and knex, when PostgreSQL ends or refuses a connection.
  'Connection terminated',
  'Client has encountered a connection error',
  'Timeout acquiring a connection',
];

/**
 * Whether an error says that PostgreSQL or Redis could not be reached, rather than that the
 * request was wrong or the code is: the request may succeed when it is tried again (503).
 * Drivers and the ORM wrap errors, so the causes are looked through too.
 */
export function isDependencyDown(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, name, cause, previous } = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; previous?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODE.test(code))) return true;
  if (name === 'MaxRetriesPerRequestError' || name === 'ConnectionException') return true;
  if (typeof message === 'string' && DISCONNECTED_MESSAGES.some((text) => message.includes(text))) return true;
  return isDependencyDown(cause, depth + 1) || isDependencyDown(previous, depth + 1);
}
