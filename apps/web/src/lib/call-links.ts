/**
 * The link that answers a ringing call: a notification's Accept opens it, and the calls feature
 * accepts the call it names once the page is up.
 */
export const ACCEPT_CALL_PARAM = 'accept';

export function acceptCallPath(sessionId: number): string {
  return `/calls?${ACCEPT_CALL_PARAM}=${sessionId}`;
}
