/**
 * Who has sockets open, across gateways, kept in Redis by the gateways: the gateways admit a
 * socket only within the caps below, and chat-svc pushes a private message or a mention to a
 * person's devices only when they have no socket open at all.
 *
 * `connectedSocketsKey(userId)` and `sessionSocketsKey(sessionHash)` are hashes: a gateway's boot
 * (instance id and a start id) to how many of the person's (or the session's) sockets it holds.
 * A boot counts only while its `gatewayBootKey` lives: the gateway renews it every
 * CONNECTED_SOCKETS_RENEW_MS, so a gateway that dies stops counting within
 * CONNECTED_SOCKETS_TTL_SECONDS without anyone cleaning up after it.
 */
export const CONNECTED_SOCKETS_TTL_SECONDS = 30;
export const CONNECTED_SOCKETS_RENEW_MS = 10_000;
/** A hash outlives its last change by this long; stale boots in it are ignored anyway. */
export const CONNECTED_SOCKETS_KEY_TTL_SECONDS = 24 * 60 * 60;
export const connectedSocketsKey = (userId: number) => `ws:connected:${userId}`;
export const sessionSocketsKey = (sessionHash: string) => `ws:session:${sessionHash}`;
export const GATEWAY_BOOT_KEY_PREFIX = 'ws:gateway:';
export const gatewayBootKey = (boot: string) => `${GATEWAY_BOOT_KEY_PREFIX}${boot}`;

/**
 * Sockets one browser session may hold at once (its tabs: each tab is one socket), and one
 * account across all its sessions and devices. Each socket costs the gateways memory and
 * presence work; a person with a dozen tabs on three devices stays well within both.
 */
export const SOCKETS_PER_SESSION = 20;
export const SOCKETS_PER_ACCOUNT = 40;

/** Close code of a socket past those caps: the client says so and does not hammer the server with retries. */
export const WS_CLOSE_TOO_MANY_SOCKETS = 4008;
/** The close reason (a close frame's reason holds at most 123 bytes). */
export const TooManySocketsText = {
  session: (cap: number) => `This browser has ${cap} connections open already. Close some tabs and try again.`,
  account: (cap: number) => `Your account has ${cap} connections open already. Close the app in some tabs or devices.`,
} as const;
