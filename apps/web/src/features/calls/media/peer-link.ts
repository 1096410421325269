import type { CallMediaState, IceCandidateInit, RelayedCallSignalFrame } from '@app/contracts';
import type { CallSide } from '../calls-slice';

/** What one browser sends the other through the socket (the session id is added by the caller). */
export type OutgoingSignal =
  | { type: 'call_offer' | 'call_answer'; sdp: string }
  | { type: 'call_ice'; candidate: IceCandidateInit | null };

export interface PeerLinkOptions {
  side: CallSide;
  local: MediaStream;
  iceServers: RTCIceServer[];
  signal: (signal: OutgoingSignal) => void;
  onRemoteStream: (stream: MediaStream) => void;
  onMediaState: (state: CallMediaState) => void;
  /** The connection went down and did not come back within `lostAfterMs`. */
  onLost: () => void;
  lostAfterMs: number;
}

export interface LinkStats {
  bytesReceived: number;
  bytesSent: number;
}

/** A dropped connection gets its first ICE restart soon (short blips heal alone), then one every few seconds. */
const FIRST_RESTART_MS = 2000;
const RESTART_EVERY_MS = 5000;

/**
 * The peer connection of one call. The buyer makes every offer (the first after the answer, and
 * an ICE restart whenever the connection drops), so the two sides never offer at once; the
 * seller answers. Candidates that come before the description they belong to wait for it.
 */
export class PeerLink {
  private readonly pc: RTCPeerConnection;
  private readonly early: RTCIceCandidateInit[] = [];
  /** Signalling is applied one frame at a time, in the order it came. */
  private queue: Promise<void> = Promise.resolve();
  private state: CallMediaState = 'connecting';
  private everConnected = false;
  private closed = false;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private lostTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: PeerLinkOptions) {
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    for (const track of options.local.getTracks()) this.pc.addTrack(track, options.local);
    this.pc.onicecandidate = (event) => options.signal({ type: 'call_ice', candidate: event.candidate ? candidateInit(event.candidate) : null });
    this.pc.ontrack = (event) => options.onRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    this.pc.onconnectionstatechange = () => this.connectionChanged();
    if (options.side === 'buyer') this.pc.onnegotiationneeded = () => void this.offer();
  }

  get mediaState(): CallMediaState {
    return this.state;
  }

  handle(frame: RelayedCallSignalFrame): void {
    this.queue = this.queue.then(() => this.apply(frame)).catch((error: unknown) => console.warn('Call signalling failed', error));
  }

  async stats(): Promise<LinkStats> {
    const report = await this.pc.getStats();
    let bytesReceived = 0;
    let bytesSent = 0;
    report.forEach((entry: { type: string; bytesReceived?: number; bytesSent?: number }) => {
      if (entry.type === 'inbound-rtp') bytesReceived += entry.bytesReceived ?? 0;
      if (entry.type === 'outbound-rtp') bytesSent += entry.bytesSent ?? 0;
    });
    return { bytesReceived, bytesSent };
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.onnegotiationneeded = null;
    this.pc.close();
  }

  private async apply(frame: RelayedCallSignalFrame): Promise<void> {
    if (this.closed) return;
    if (frame.type === 'call_offer' && this.options.side === 'seller') {
      await this.pc.setRemoteDescription({ type: 'offer', sdp: frame.sdp });
      await this.addEarlyCandidates();
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) this.options.signal({ type: 'call_answer', sdp: this.pc.localDescription.sdp });
    } else if (frame.type === 'call_answer' && this.options.side === 'buyer') {
      // An answer to an offer this side already gave up on (rolled back for a restart) is stale.
      if (this.pc.signalingState !== 'have-local-offer') return;
      await this.pc.setRemoteDescription({ type: 'answer', sdp: frame.sdp });
      await this.addEarlyCandidates();
    } else if (frame.type === 'call_ice' && frame.candidate) {
      if (!this.pc.remoteDescription) {
        this.early.push(frame.candidate);
        return;
      }
      // A candidate of an earlier ICE generation no longer fits: nothing is lost by skipping it.
      await this.pc.addIceCandidate(frame.candidate).catch(() => undefined);
    }
  }

  private async addEarlyCandidates() {
    for (const candidate of this.early.splice(0)) await this.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private async offer() {
    if (this.closed || this.pc.signalingState !== 'stable') return;
    try {
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) this.options.signal({ type: 'call_offer', sdp: this.pc.localDescription.sdp });
    } catch (error) {
      console.warn('Call offer failed', error);
    }
  }

  private connectionChanged() {
    if (this.closed) return;
    const connection = this.pc.connectionState;
    if (connection === 'connected') this.everConnected = true;
    const next: CallMediaState =
      connection === 'connected' ? 'connected' : !this.everConnected && (connection === 'new' || connection === 'connecting') ? 'connecting' : 'disconnected';
    if (next === 'connected') {
      this.clearTimers();
    } else if (next === 'disconnected' || connection === 'failed') {
      this.connectionDown(connection === 'failed');
    }
    if (next !== this.state) {
      this.state = next;
      this.options.onMediaState(next);
    }
  }

  /** Try ICE restarts (the buyer offers them) until the connection is back, for `lostAfterMs` at most. */
  private connectionDown(failed: boolean) {
    if (this.everConnected && !this.lostTimer) this.lostTimer = setTimeout(() => this.options.onLost(), this.options.lostAfterMs);
    if (this.options.side !== 'buyer') return;
    if (failed && this.restartTimer) clearTimeout(this.restartTimer);
    else if (this.restartTimer) return;
    const restart = () => {
      this.restartTimer = setTimeout(restart, RESTART_EVERY_MS);
      void this.restartIce();
    };
    this.restartTimer = setTimeout(restart, failed ? 0 : FIRST_RESTART_MS);
  }

  private async restartIce() {
    if (this.closed || this.pc.connectionState === 'connected') return;
    // An offer whose answer never came (the other side was offline) is taken back first.
    if (this.pc.signalingState === 'have-local-offer') await this.pc.setLocalDescription({ type: 'rollback' }).catch(() => undefined);
    this.pc.restartIce();
  }

  private clearTimers() {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.lostTimer) clearTimeout(this.lostTimer);
    this.restartTimer = null;
    this.lostTimer = null;
  }
}

function candidateInit(candidate: RTCIceCandidate): IceCandidateInit {
  const json = candidate.toJSON();
  return {
    candidate: json.candidate ?? '',
    sdpMid: json.sdpMid ?? null,
    sdpMLineIndex: json.sdpMLineIndex ?? null,
    usernameFragment: json.usernameFragment ?? null,
  };
}
