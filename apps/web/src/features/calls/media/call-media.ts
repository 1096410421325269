import type { CallType } from '@app/contracts';
import { CALLS_TEXT } from '../calls-copy';

/** The camera or microphone could not be had; the message says why, in the person's words. */
export class MediaProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaProblem';
  }
}

/** The microphone, and the camera for a video call; a refusal becomes a MediaProblem. */
export async function openCallMedia(callType: CallType): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new MediaProblem(CALLS_TEXT.media.unavailable);
  try {
    return await devices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
      video: callType === 'video' ? { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' } : false,
    });
  } catch (error) {
    throw new MediaProblem(problemText(error, callType));
  }
}

function problemText(error: unknown, callType: CallType): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return CALLS_TEXT.media.blocked(callType);
    case 'NotFoundError':
    case 'OverconstrainedError':
      return CALLS_TEXT.media.missing(callType);
    case 'NotReadableError':
    case 'AbortError':
      return CALLS_TEXT.media.busy;
    default:
      return CALLS_TEXT.media.unavailable;
  }
}

export function stopMedia(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}
