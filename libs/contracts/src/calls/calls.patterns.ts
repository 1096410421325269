/**
 * Request/reply patterns of calls, answered by marketplace-svc (queue group "marketplace-svc").
 * Payload -> answer of each. Every call action names the acting user; the service checks that
 * they take part in the call.
 */
export const CallPatterns = {
  /** StartCallRequestDto -> CallSessionDto (ringing); 403 by role, 404, 409 busy or in a call, 422 seller cannot take calls. */
  Start: 'marketplace.call.start',
  /** CallActionRequestDto -> CallSessionDto (accepted); only the called seller, only while it rings. */
  Accept: 'marketplace.call.accept',
  /** EndCallRequestDto -> CallSessionDto (ended); either side, any state; ending an ended call answers it as it is. */
  End: 'marketplace.call.end',
  /** CallHeartbeatRequestDto -> CallHeartbeatAnswerDto: a side is alive, with its media state. */
  Heartbeat: 'marketplace.call.heartbeat',
  /** CallActionRequestDto -> CallPeerDto: who the other side of an answered call is (for the signalling relay). */
  Peer: 'marketplace.call.peer',
  /** CallActionRequestDto -> CallSessionDto; participants only. */
  Get: 'marketplace.call.get',
  /** CallActorRequestDto -> CallSessionDto | null: the user's open call, if any (after a reload). */
  Current: 'marketplace.call.current',
  /** ListCallsRequestDto -> CallSessionDto[]: the user's calls on either side, newest first. */
  List: 'marketplace.call.list',
  /** CallActorRequestDto -> SellerEarningsDto: a seller's billed calls by month; 403 for other roles. */
  Earnings: 'marketplace.call.earnings',
} as const;

/**
 * Subject of call frames for one user's sockets, wherever they are: user.<userId>.call.
 * marketplace-svc publishes call state frames there; gateways publish the signalling frames
 * one participant's browser sends to the other. Each gateway subscribes while the user has a
 * socket on it.
 */
export const callUserSubject = (userId: number | string) => `user.${userId}.call`;
