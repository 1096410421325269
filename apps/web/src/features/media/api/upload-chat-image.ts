import type { ChatUploadResponseDto, UploadedFileDto } from '@app/contracts';
import { MEDIA_TEXT } from '../media-copy';
import { checkFile } from '../upload-rules';
import { sendUpload, UploadError, type UploadProgress } from './upload-request';

export interface ChatImageUpload {
  /** The /media/ path to send as the message content. */
  url: string;
  /** The message type to send: an uploaded gif is a gif message, any other image an image message. */
  messageType: 'image' | 'gif';
  file: UploadedFileDto;
}

/**
 * Uploads one image or gif for a chat message (POST /api/chat/upload). A file that is not an
 * image is refused before sending with the spec's 'Please select an image file'; a refusal by
 * the server rejects with its message. Both reject with an UploadError.
 */
export async function uploadChatImage(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ChatImageUpload> {
  if (file.type && !file.type.startsWith('image/')) throw new UploadError(MEDIA_TEXT.imageOnly, 0);
  const refusal = checkFile(file, 'chat');
  if (refusal) throw new UploadError(refusal, 0);
  const answer = await sendUpload<ChatUploadResponseDto>({ path: 'chat/upload', field: 'file', files: [file], onProgress, signal });
  const gif = answer.file.format === 'gif' || file.type === 'image/gif';
  return { url: answer.url, messageType: gif ? 'gif' : 'image', file: answer.file };
}
