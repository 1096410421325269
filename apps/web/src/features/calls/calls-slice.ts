import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CallMediaState, CallSessionDto, CallType, IncomingCallFrame } from '@app/contracts';

export type CallSide = 'buyer' | 'seller';

/** The call this tab runs the camera, microphone and peer connection for. */
export interface ActiveCall {
  sessionId: number;
  side: CallSide;
  callType: CallType;
  peer: { name: string; avatar: string | null };
  /** The server's state as last heard. */
  state: 'ringing' | 'accepted' | 'connected';
  /** This browser's peer connection, as its heartbeats report it. */
  media: CallMediaState;
  ending: boolean;
  /**
   * The meter as this tab keeps it from call_connected on: time banked from earlier connected
   * stretches, and since when the current one runs (null while the connection is down).
   */
  meter: { startedAt: number; bankedMs: number; since: number | null } | null;
  muted: boolean;
  cameraOff: boolean;
  /** Something the person must be told (camera refused, the connection lost). */
  problem: string | null;
}

export interface CallSummary {
  session: CallSessionDto;
  side: CallSide;
  problem: string | null;
  /** The end could not be confirmed with the server (offline): the amounts are not final. */
  unconfirmed: boolean;
}

export interface CallsState {
  /** A call ringing for this seller. */
  incoming: IncomingCallFrame | null;
  /** A call being placed from this tab: camera and microphone asked for, the seller not rung yet. */
  starting: { sellerId: number; callType: CallType } | null;
  active: ActiveCall | null;
  summary: CallSummary | null;
}

const initialState: CallsState = { incoming: null, starting: null, active: null, summary: null };

/** Billable milliseconds on this tab's meter at `now`. */
export function meterMs(meter: ActiveCall['meter'], now: number): number {
  if (!meter) return 0;
  return meter.bankedMs + (meter.since === null ? 0 : Math.max(0, now - meter.since));
}

export const callsSlice = createSlice({
  name: 'calls',
  initialState,
  reducers: {
    incomingRang: (state, action: PayloadAction<IncomingCallFrame>) => {
      if (state.active?.sessionId === action.payload.sessionId) return;
      state.incoming = action.payload;
    },
    incomingCleared: (state, action: PayloadAction<number>) => {
      if (state.incoming?.sessionId === action.payload) state.incoming = null;
    },
    callStarting: (state, action: PayloadAction<CallsState['starting']>) => {
      state.starting = action.payload;
    },
    callOwned: (state, action: PayloadAction<Pick<ActiveCall, 'sessionId' | 'side' | 'callType' | 'peer' | 'state'>>) => {
      state.active = { ...action.payload, media: 'connecting', ending: false, meter: null, muted: false, cameraOff: false, problem: null };
      state.summary = null;
      if (state.incoming?.sessionId === action.payload.sessionId) state.incoming = null;
    },
    callStateHeard: {
      reducer: (state, action: PayloadAction<{ sessionId: number; state: ActiveCall['state']; at: number }>) => {
        const call = state.active;
        if (!call || call.sessionId !== action.payload.sessionId) return;
        if (call.state === 'connected') return;
        call.state = action.payload.state;
        if (action.payload.state === 'connected') {
          const at = action.payload.at;
          call.meter = { startedAt: at, bankedMs: 0, since: call.media === 'connected' ? at : null };
        }
      },
      prepare: (payload: { sessionId: number; state: ActiveCall['state'] }) => ({ payload: { ...payload, at: Date.now() } }),
    },
    callMediaChanged: {
      reducer: (state, action: PayloadAction<{ media: CallMediaState; at: number }>) => {
        const call = state.active;
        if (!call) return;
        call.media = action.payload.media;
        const meter = call.meter;
        if (!meter) return;
        if (action.payload.media === 'connected' && meter.since === null) meter.since = action.payload.at;
        if (action.payload.media !== 'connected' && meter.since !== null) {
          meter.bankedMs += Math.max(0, action.payload.at - meter.since);
          meter.since = null;
        }
      },
      prepare: (media: CallMediaState) => ({ payload: { media, at: Date.now() } }),
    },
    callEnding: (state, action: PayloadAction<boolean>) => {
      if (state.active) state.active.ending = action.payload;
    },
    callProblem: (state, action: PayloadAction<string | null>) => {
      if (state.active) state.active.problem = action.payload;
    },
    callMuted: (state, action: PayloadAction<boolean>) => {
      if (state.active) state.active.muted = action.payload;
    },
    callCameraOff: (state, action: PayloadAction<boolean>) => {
      if (state.active) state.active.cameraOff = action.payload;
    },
    callFinished: (state, action: PayloadAction<CallSummary>) => {
      if (state.active?.sessionId === action.payload.session.id) state.active = null;
      state.summary = action.payload;
    },
    callDropped: (state) => {
      state.active = null;
    },
    summaryClosed: (state) => {
      state.summary = null;
    },
    callsReset: () => initialState,
  },
  selectors: {
    selectIncomingCall: (state) => state.incoming,
    selectStartingCall: (state) => state.starting,
    selectActiveCall: (state) => state.active,
    selectCallSummary: (state) => state.summary,
  },
});

export const {
  incomingRang,
  incomingCleared,
  callStarting,
  callOwned,
  callStateHeard,
  callMediaChanged,
  callEnding,
  callProblem,
  callMuted,
  callCameraOff,
  callFinished,
  callDropped,
  summaryClosed,
  callsReset,
} = callsSlice.actions;
export const { selectIncomingCall, selectStartingCall, selectActiveCall, selectCallSummary } = callsSlice.selectors;
