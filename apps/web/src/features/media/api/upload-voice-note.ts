import type { ChatUploadResponseDto, UploadedFileDto } from '@app/contracts';
import { fieldMessage, VOICE_NOTE_MAX_BYTES, UPLOAD_POLICIES } from '@app/contracts/browser';
import { wordField } from '@/lib/errors';
import { sendUpload, UploadError, type UploadProgress } from './upload-request';

export interface VoiceNoteUpload {
  /** The /media/voice/ path to send as the message content. */
  url: string;
  /** The length the server read from the audio. */
  durationMs: number;
  file: UploadedFileDto;
}

/**
 * Uploads one recorded voice note (POST /api/chat/voice). The server checks the audio from its
 * bytes and its length; a refusal rejects with an UploadError carrying its message.
 */
export async function uploadVoiceNote(
  recording: Blob,
  fallbackDurationMs: number,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<VoiceNoteUpload> {
  if (recording.size > VOICE_NOTE_MAX_BYTES) {
    const tooLarge = fieldMessage('upload_too_large', { max: UPLOAD_POLICIES.voice.maxMegabytes });
    throw new UploadError(wordField(tooLarge, tooLarge.message), 0);
  }
  const ogg = recording.type.startsWith('audio/ogg');
  const file = new File([recording], ogg ? 'voice-note.ogg' : 'voice-note.webm', { type: recording.type || 'audio/webm' });
  const answer = await sendUpload<ChatUploadResponseDto>({ path: 'chat/voice', field: 'file', files: [file], onProgress, signal });
  return { url: answer.url, durationMs: answer.file.durationMs ?? fallbackDurationMs, file: answer.file };
}
