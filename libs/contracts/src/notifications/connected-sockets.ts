/**
 * Who has a socket open, across gateways, kept in Redis by the gateways and read by chat-svc
 * (a private message or a mention is pushed to a person's devices only when they have none).
 *
 * `connectedSocketsKey(userId)` is a hash: a gateway's boot (instance id and a start id) to how
 * many of the person's sockets it holds. A boot counts only while its `gatewayBootKey` lives:
 * the gateway renews it every CONNECTED_SOCKETS_RENEW_MS, so a gateway that dies stops
 * counting within CONNECTED_SOCKETS_TTL_SECONDS without anyone cleaning up after it.
 */
export const CONNECTED_SOCKETS_TTL_SECONDS = 30;
export const CONNECTED_SOCKETS_RENEW_MS = 10_000;
/** A person's hash outlives its last change by this long; stale boots in it are ignored anyway. */
export const CONNECTED_SOCKETS_KEY_TTL_SECONDS = 24 * 60 * 60;
export const connectedSocketsKey = (userId: number) => `ws:connected:${userId}`;
export const GATEWAY_BOOT_KEY_PREFIX = 'ws:gateway:';
export const gatewayBootKey = (boot: string) => `${GATEWAY_BOOT_KEY_PREFIX}${boot}`;
