import type { CallSessionDto, IncomingCallFrame, SellerDto, SellerStatusFrame, ServerFrame } from '@app/contracts';
import type { api } from '@/lib/api';
import type { ListenerDispatch, StartListening } from '@/lib/listening';
import { socketFrameReceived } from '@/lib/socket';
import { authApi } from '../auth/api/auth-api';
import { marketplaceApi } from '../marketplace/api/marketplace-api';
import { callsApi } from './api/calls-api';
import { callsReset, callStateHeard, incomingCleared, incomingRang, type CallsState } from './calls-slice';

/** The state this listener reads; the store's full state satisfies it. */
interface ListenerState {
  api: ReturnType<typeof api.reducer>;
  calls: CallsState;
}

type Dispatch = ListenerDispatch<ListenerState>;

const selectMe = authApi.endpoints.getMe.select();
const selectCurrentCall = callsApi.endpoints.getCurrentCall.select();

function currentUserId(state: ListenerState): number | null {
  return selectMe(state as never).data?.id ?? null;
}

/**
 * Call frames into the cache and the calls state: the seller's prompt, the open call as the
 * server last told it, the history after a call ends, and every seller's live Busy status on
 * the cards and profiles already loaded. The media side of a call lives with the call
 * controller of the tab that runs it.
 */
export function addCallsListeners(startListening: StartListening<ListenerState>): void {
  // Another person signed in (or nobody): nothing of the last one's calls stays on screen.
  startListening({
    predicate: (_action, current, previous) => currentUserId(current) !== currentUserId(previous),
    effect: (_action, { dispatch }) => {
      dispatch(callsReset());
    },
  });

  // A page that was reloaded while a call rang for this seller rings again.
  startListening({
    matcher: callsApi.endpoints.getCurrentCall.matchFulfilled,
    effect: (action, { dispatch, getState }) => {
      const heard = heardWhileAsking;
      heardWhileAsking = null;
      if (heard) dispatch(callsApi.util.updateQueryData('getCurrentCall', undefined, () => heard.session));
      const session = heard ? heard.session : action.payload;
      const state = getState();
      if (!session || session.state !== 'ringing' || session.seller.userId !== currentUserId(state)) return;
      if (state.calls.incoming?.sessionId === session.id || state.calls.active) return;
      dispatch(incomingRang(incomingFromSession(session)));
    },
  });

  startListening({
    actionCreator: socketFrameReceived,
    effect: (action, { dispatch, getState }) => {
      applyCallFrame(action.payload, dispatch, getState);
    },
  });
}

/**
 * What a call frame (or this tab's own start, answer or hang-up) says the open call is now,
 * while GET /api/calls/current may still be on its way: that answer could have been read before
 * the news, so the news is applied over it when it lands.
 */
let heardWhileAsking: { session: CallSessionDto | null } | null = null;

export function setCurrentCall(dispatch: Dispatch, getState: () => unknown, session: CallSessionDto | null): void {
  const entry = selectCurrentCall(getState() as never);
  if (entry.status === 'pending') heardWhileAsking = { session };
  else if (entry.data === undefined) dispatch(callsApi.util.upsertQueryData('getCurrentCall', undefined, session));
  else dispatch(callsApi.util.updateQueryData('getCurrentCall', undefined, () => session));
}

function applyCallFrame(frame: ServerFrame, dispatch: Dispatch, getState: () => ListenerState) {
  switch (frame.type) {
    case 'incoming_call':
      dispatch(incomingRang(frame));
      return;
    case 'call_accepted':
      // Every tab of the seller stops ringing; the tab that answered runs the call.
      dispatch(incomingCleared(frame.session.id));
      setCurrentCall(dispatch, getState, frame.session);
      dispatch(callStateHeard({ sessionId: frame.session.id, state: 'accepted' }));
      return;
    case 'call_connected':
      setCurrentCall(dispatch, getState, frame.session);
      dispatch(callStateHeard({ sessionId: frame.session.id, state: 'connected' }));
      return;
    case 'call_ended': {
      dispatch(incomingCleared(frame.session.id));
      const current = selectCurrentCall(getState() as never).data;
      if (!current || current.id === frame.session.id) setCurrentCall(dispatch, getState, null);
      dispatch(callsApi.util.invalidateTags(['Calls']));
      return;
    }
    case 'seller_status':
      applySellerStatus(frame, dispatch, getState);
      return;
    default:
      return;
  }
}

/** Busy or free, on every list and profile of that seller already in the cache. */
function applySellerStatus(frame: SellerStatusFrame, dispatch: Dispatch, getState: () => ListenerState) {
  const patch = (seller: SellerDto | null | undefined) => {
    if (!seller || seller.id !== frame.sellerId) return;
    seller.isBusy = frame.isBusy;
    seller.acceptsCalls = frame.acceptsCalls;
    seller.availability = frame.availability;
  };
  const state = getState() as never;
  for (const args of marketplaceApi.util.selectCachedArgsForQuery(state, 'getSellers')) {
    dispatch(marketplaceApi.util.updateQueryData('getSellers', args, (sellers) => sellers.forEach(patch)));
  }
  for (const limit of marketplaceApi.util.selectCachedArgsForQuery(state, 'getFeaturedSellers')) {
    dispatch(marketplaceApi.util.updateQueryData('getFeaturedSellers', limit, (sellers) => sellers.forEach(patch)));
  }
  dispatch(marketplaceApi.util.updateQueryData('getSeller', frame.sellerId, patch));
  dispatch(marketplaceApi.util.updateQueryData('getOwnSellerProfile', undefined, patch));
}

/** The prompt's payload for a ringing call known from GET /api/calls/current. */
function incomingFromSession(session: CallSessionDto): IncomingCallFrame {
  return {
    type: 'incoming_call',
    sessionId: session.id,
    buyerName: session.buyer.username,
    buyerId: session.buyer.id,
    callType: session.callType,
    roomId: session.roomId,
    buyerAvatar: session.buyer.avatar,
    sellerId: session.seller.id,
    pricePerMinute: session.pricePerMinute ?? 0,
    ringExpiresAt: session.ringExpiresAt,
  };
}
