import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a client that keeps sending after its answer is read (and ignored) before hanging up. */
const LINGER_MS = 2000;

/**
 * After answering before the whole body arrived (a refused upload), drops what the client is
 * still sending for a short while so that it reads the answer rather than a reset connection,
 * then closes the connection.
 */
export function finishEarly(req: IncomingMessage, res: ServerResponse) {
  if (req.complete) return;
  const hangUp = () => req.socket.destroy();
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(hangUp, LINGER_MS);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    req.resume();
  });
}
