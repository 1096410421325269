import { addListener } from '@reduxjs/toolkit';
import type { CallClientFrame, CallSessionDto, CallType, ClientEndReason, IncomingCallFrame, RelayedCallSignalFrame, ServerFrame } from '@app/contracts';
import { CALL_HEARTBEAT_INTERVAL_MS, CALL_HEARTBEAT_TIMEOUT_SECONDS, fieldMessage } from '@app/contracts/browser';
import type { AppDispatch, RootState } from '@/app/store';
import { toast } from '@/components/ui/toast-store';
import { errorMessage, wordField } from '@/lib/errors';
import { sendSocketFrame, socketFrameReceived } from '@/lib/socket';
import { callsApi } from './api/calls-api';
import { closeCallNotification } from './call-notifications';
import { setCurrentCall } from './calls-listener';
import {
  callCameraOff,
  callDropped,
  callEnding,
  callFinished,
  callMediaChanged,
  callMuted,
  callOwned,
  callProblem,
  callStarting,
  type ActiveCall,
  type CallSide,
} from './calls-slice';
import { CALLS_TEXT } from './calls-copy';
import { MediaProblem, openCallMedia, stopMedia } from './media/call-media';
import { PeerLink, type LinkStats } from './media/peer-link';

/** What the call screen shows of the media: the two streams and how many bytes flowed. */
export interface CallMedia extends LinkStats {
  local: MediaStream | null;
  remote: MediaStream | null;
}

const NO_MEDIA: CallMedia = { local: null, remote: null, bytesReceived: 0, bytesSent: 0 };
const STATS_EVERY_MS = 1000;

/** A refusal made here rather than by the server (a second call from the same tab). */
export class CallRefused extends Error {}

/** The server's words for a second call, in the language spoken. */
function inProgress(): string {
  const refusal = fieldMessage('call_in_progress');
  return wordField(refusal, refusal.message);
}

interface RunningCall {
  sessionId: number;
  side: CallSide;
  callType: CallType;
  local: MediaStream | null;
  link: PeerLink | null;
  /** Signalling that came before the peer connection existed. */
  early: RelayedCallSignalFrame[];
  iceServers: Promise<RTCIceServer[]>;
  timers: Array<ReturnType<typeof setInterval>>;
  ending: boolean;
  problem: string | null;
}

/**
 * The calls of one tab: camera and microphone, the peer connection, heartbeats and hanging up.
 * Redux holds what the screens show (calls-slice, the current call in the cache); this holds
 * what cannot live there (streams, the RTCPeerConnection, timers). One call at a time.
 */
export class CallController {
  private call: RunningCall | null = null;
  private media: CallMedia = NO_MEDIA;
  private readonly watchers = new Set<() => void>();
  /** Answers heard for calls this tab was still placing (the POST not back yet). */
  private readonly answeredEarly = new Set<number>();
  /** The call this tab is answering, and the buyer's signalling that came before the answer's reply. */
  private answering: { sessionId: number; early: RelayedCallSignalFrame[] } | null = null;

  constructor(
    private readonly dispatch: AppDispatch,
    private readonly getState: () => RootState,
  ) {}

  /** Follows the socket's call frames; the returned function stops that and drops a running call's media. */
  attach(): () => void {
    const unsubscribe = this.dispatch(addListener({ actionCreator: socketFrameReceived, effect: (action) => this.onFrame(action.payload) }));
    return () => {
      unsubscribe();
      this.abandon();
    };
  }

  subscribe = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  };

  getMedia = (): CallMedia => this.media;

  /** The buyer's side: camera and microphone first (a refusal rings nobody), then the seller rings. */
  async startCall(sellerId: number, callType: CallType): Promise<void> {
    if (this.call || this.getState().calls.starting) throw new CallRefused(inProgress());
    this.dispatch(callStarting({ sellerId, callType }));
    let local: MediaStream | null = null;
    try {
      const iceServers = this.iceServers();
      local = await openCallMedia(callType);
      const session = await this.dispatch(callsApi.endpoints.startCall.initiate({ sellerId, callType })).unwrap();
      this.own(session, 'buyer', local, iceServers);
      local = null;
      if (this.answeredEarly.delete(session.id)) void this.connect();
    } finally {
      stopMedia(local);
      this.dispatch(callStarting(null));
    }
  }

  /** The seller answers: the price is fixed now; camera or microphone refused ends the call as failed, unbilled. */
  async accept(incoming: IncomingCallFrame): Promise<void> {
    if (this.call || this.answering) throw new CallRefused(inProgress());
    const answering = { sessionId: incoming.sessionId, early: [] as RelayedCallSignalFrame[] };
    this.answering = answering;
    let session: CallSessionDto;
    try {
      const iceServers = this.iceServers();
      session = await this.dispatch(callsApi.endpoints.acceptCall.initiate(incoming.sessionId)).unwrap();
      this.own(session, 'seller', null, iceServers);
    } finally {
      this.answering = null;
    }
    this.running(session.id)?.early.push(...answering.early);
    let local: MediaStream;
    try {
      local = await openCallMedia(session.callType);
    } catch (error) {
      const problem = error instanceof MediaProblem ? error.message : CALLS_TEXT.media.unavailable;
      await this.hangUp('failed', problem);
      return;
    }
    const call = this.running(session.id);
    if (!call) {
      stopMedia(local);
      return;
    }
    call.local = local;
    this.setMedia({ local });
    await this.connect();
  }

  /** The seller says no while it rings (the spec's end-call request). */
  async decline(incoming: IncomingCallFrame): Promise<void> {
    await this.dispatch(callsApi.endpoints.endCall.initiate({ sessionId: incoming.sessionId })).unwrap();
  }

  /** Cancels while it rings or hangs up; `failed` when media could not flow, so the call is not billed as talked. */
  async hangUp(reason?: ClientEndReason, problem?: string): Promise<void> {
    const call = this.call;
    if (!call || call.ending) return;
    call.ending = true;
    if (problem) {
      call.problem = problem;
      this.dispatch(callProblem(problem));
    }
    this.dispatch(callEnding(true));
    try {
      const session = await this.dispatch(callsApi.endpoints.endCall.initiate({ sessionId: call.sessionId, ...(reason ? { reason } : {}) })).unwrap();
      this.finish(session, false);
    } catch (error) {
      if (this.call !== call) return;
      if (reason === 'failed') {
        // The media is gone whatever the server heard: it ends the call itself once our heartbeats stop.
        const known = callsApi.endpoints.getCurrentCall.select()(this.getState()).data;
        if (known?.id === call.sessionId) this.finish(known, true);
        else this.drop();
        return;
      }
      call.ending = false;
      this.dispatch(callEnding(false));
      toast({ title: CALLS_TEXT.endFailed, description: errorMessage(error, ''), variant: 'destructive' });
    }
  }

  /** Another tab's (or an earlier page's) open call: ended from here. */
  async endOpenCall(sessionId: number): Promise<void> {
    await this.dispatch(callsApi.endpoints.endCall.initiate({ sessionId })).unwrap();
    setCurrentCall(this.dispatch, this.getState, null);
  }

  setMuted(muted: boolean): void {
    this.call?.local?.getAudioTracks().forEach((track) => (track.enabled = !muted));
    this.dispatch(callMuted(muted));
  }

  setCameraOff(off: boolean): void {
    this.call?.local?.getVideoTracks().forEach((track) => (track.enabled = !off));
    this.dispatch(callCameraOff(off));
  }

  /** The page goes away or someone else signs in: the media stops here; the server ends the call when the heartbeats stop. */
  abandon(): void {
    if (!this.call) return;
    this.teardown();
    this.dispatch(callDropped());
  }

  /** The call this tab runs, if it is still that session (it may have ended while we waited). */
  private running(sessionId: number): RunningCall | null {
    return this.call?.sessionId === sessionId ? this.call : null;
  }

  private own(session: CallSessionDto, side: CallSide, local: MediaStream | null, iceServers: Promise<RTCIceServer[]>) {
    const call: RunningCall = {
      sessionId: session.id,
      side,
      callType: session.callType,
      local,
      link: null,
      early: [],
      iceServers,
      timers: [],
      ending: false,
      problem: null,
    };
    this.call = call;
    const peer = side === 'buyer' ? { name: session.seller.displayName, avatar: session.seller.avatar } : { name: session.buyer.username, avatar: session.buyer.avatar };
    this.dispatch(callOwned({ sessionId: session.id, side, callType: session.callType, peer, state: serverState(session) }));
    setCurrentCall(this.dispatch, this.getState, session);
    this.setMedia({ ...NO_MEDIA, local });
    call.timers.push(setInterval(() => this.beat(), CALL_HEARTBEAT_INTERVAL_MS));
    this.beat();
  }

  private async connect() {
    const call = this.call;
    if (!call || call.link || !call.local) return;
    if (typeof RTCPeerConnection === 'undefined') {
      await this.hangUp('failed', CALLS_TEXT.noWebRtc);
      return;
    }
    const iceServers = await call.iceServers;
    if (this.call !== call || call.link || call.ending) return;
    const send = (frame: CallClientFrame) => this.dispatch(sendSocketFrame(frame));
    call.link = new PeerLink({
      side: call.side,
      local: call.local,
      iceServers,
      signal: (signal) => send({ ...signal, sessionId: call.sessionId }),
      onRemoteStream: (remote) => this.setMedia({ remote }),
      onMediaState: (media) => {
        this.dispatch(callMediaChanged(media));
        this.beat();
      },
      onLost: () => void this.hangUp('failed', CALLS_TEXT.connectionLost),
      lostAfterMs: CALL_HEARTBEAT_TIMEOUT_SECONDS * 1000,
    });
    for (const frame of call.early.splice(0)) call.link.handle(frame);
    call.timers.push(setInterval(() => void this.readStats(call), STATS_EVERY_MS));
  }

  private onFrame(frame: ServerFrame) {
    const call = this.call;
    switch (frame.type) {
      case 'call_accepted':
        // The server's word that the call no longer rings: its pushed Accept and Decline are of no use.
        closeCallNotification(frame.session.id);
        if (!call) {
          if (this.getState().calls.starting) this.answeredEarly.add(frame.session.id);
        } else if (call.sessionId === frame.session.id && call.side === 'buyer') {
          void this.connect();
        }
        return;
      case 'call_offer':
      case 'call_answer':
      case 'call_ice':
        if (!call && this.answering?.sessionId === frame.sessionId) this.answering.early.push(frame);
        // A page not in the call ignores frames for a session it does not hold.
        if (!call || call.sessionId !== frame.sessionId) return;
        if (call.link) call.link.handle(frame);
        else call.early.push(frame);
        return;
      case 'call_ended':
        closeCallNotification(frame.session.id);
        this.answeredEarly.delete(frame.session.id);
        if (call?.sessionId === frame.session.id) this.finish(frame.session, false);
        return;
      default:
        return;
    }
  }

  /** A heartbeat says this side is alive and how its connection is. */
  private beat() {
    const call = this.call;
    if (!call) return;
    this.dispatch(sendSocketFrame({ type: 'call_heartbeat', sessionId: call.sessionId, media: call.link?.mediaState ?? 'connecting' }));
  }

  private finish(session: CallSessionDto, unconfirmed: boolean) {
    const call = this.call;
    if (!call || call.sessionId !== session.id) return;
    const { side, problem } = call;
    this.teardown();
    this.dispatch(callFinished({ session, side, problem, unconfirmed }));
    setCurrentCall(this.dispatch, this.getState, null);
  }

  private drop() {
    this.teardown();
    this.dispatch(callDropped());
  }

  private teardown() {
    const call = this.call;
    if (!call) return;
    this.call = null;
    call.timers.forEach((timer) => clearInterval(timer));
    call.link?.close();
    stopMedia(call.local);
    this.setMedia(NO_MEDIA);
  }

  private async readStats(call: RunningCall) {
    if (!call.link) return;
    try {
      const stats = await call.link.stats();
      if (this.call === call) this.setMedia(stats);
    } catch {
      // A closed connection has no stats; the next reading belongs to the next call.
    }
  }

  /** TURN credentials expire, so each call asks for them; without any, loopback and open networks still connect. */
  private iceServers(): Promise<RTCIceServer[]> {
    return this.dispatch(callsApi.endpoints.getIceServers.initiate(undefined, { subscribe: false, forceRefetch: true }))
      .unwrap()
      .then((answer) => answer.iceServers)
      .catch(() => []);
  }

  private setMedia(change: Partial<CallMedia>) {
    this.media = { ...this.media, ...change };
    this.watchers.forEach((watcher) => watcher());
  }
}

function serverState(session: CallSessionDto): ActiveCall['state'] {
  return session.state === 'ringing' ? 'ringing' : session.state === 'connected' ? 'connected' : 'accepted';
}
