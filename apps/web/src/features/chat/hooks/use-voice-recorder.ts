import { VOICE_NOTE_MAX_MS } from '@app/contracts/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_TEXT } from '../chat-copy';

/** What the recorder is doing; `recorded` holds a finished recording until it is sent or dropped. */
export type VoiceRecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; startedAt: number }
  | { status: 'recorded'; recording: Blob; durationMs: number; atLimit: boolean }
  | { status: 'failed'; message: string };

/** Opus in WebM (Chromium) or Ogg (Firefox): the two the server takes. */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'];

function recordingType(): string | undefined {
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

function refusalOf(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return VOICE_TEXT.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return VOICE_TEXT.noMicrophone;
  return VOICE_TEXT.failed;
}

/**
 * One voice note at a time from the microphone: asks for it, records, stops itself at the
 * 2-minute limit, and releases the microphone whenever recording ends or the screen goes.
 */
export function useVoiceRecorder() {
  const [state, setState] = useState<VoiceRecorderState>({ status: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const limitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Set by cancel: the recorder's last data is dropped instead of kept. */
  const discard = useRef(false);
  /** Bumped by every start, cancel and unmount: a microphone granted to an older one is let go at once. */
  const attempt = useRef(0);

  const release = useCallback(() => {
    clearTimeout(limitTimer.current);
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    recorder.current = null;
  }, []);

  useEffect(
    () => () => {
      attempt.current++;
      discard.current = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'failed', message: VOICE_TEXT.unsupported });
      return;
    }
    setState({ status: 'starting' });
    discard.current = false;
    const mine = ++attempt.current;
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (mine === attempt.current) setState({ status: 'failed', message: refusalOf(error) });
      return;
    }
    if (mine !== attempt.current) {
      media.getTracks().forEach((track) => track.stop());
      return;
    }
    const type = recordingType();
    const next = new MediaRecorder(media, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    let startedAt = Date.now();
    let atLimit = false;
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      release();
      if (discard.current) return setState({ status: 'idle' });
      const durationMs = Math.min(Date.now() - startedAt, VOICE_NOTE_MAX_MS);
      setState({ status: 'recorded', recording: new Blob(chunks, { type: next.mimeType || type || 'audio/webm' }), durationMs, atLimit });
    };
    stream.current = media;
    recorder.current = next;
    next.start();
    startedAt = Date.now();
    limitTimer.current = setTimeout(() => {
      atLimit = true;
      if (next.state === 'recording') next.stop();
    }, VOICE_NOTE_MAX_MS);
    setState({ status: 'recording', startedAt });
  }, [release]);

  /** Ends the recording; the state turns `recorded` when the recorder hands over its data. */
  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const cancel = useCallback(() => {
    attempt.current++;
    discard.current = true;
    if (recorder.current?.state === 'recording') recorder.current.stop();
    else release();
    setState({ status: 'idle' });
  }, [release]);

  return { state, start, stop, cancel };
}
