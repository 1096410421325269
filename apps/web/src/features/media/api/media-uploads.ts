import type { MultiUploadResponseDto, UploadedFileDto, UploadResponseDto } from '@app/contracts';
import { uploadChatImage } from './upload-chat-image';
import { sendUpload, type UploadProgress } from './upload-request';

/** What every upload route shares for the Uploader: files in, stored files out. */
export type UploadSender = (
  files: File[],
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
) => Promise<UploadedFileDto[]>;

/** POST /api/upload?purpose=...: one file, field "file". */
export function singleFileSender(purpose: 'general' | 'avatar' | 'gallery' | 'intro'): UploadSender {
  return async (files, onProgress, signal) => {
    const answer = await sendUpload<UploadResponseDto>({ path: `upload?purpose=${purpose}`, field: 'file', files, onProgress, signal });
    return [answer.file];
  };
}

/** POST /api/sellers/upload?max=n: repeated "files" fields. */
export function sellerMediaSender(maxFiles: number): UploadSender {
  return async (files, onProgress, signal) => {
    const answer = await sendUpload<MultiUploadResponseDto>({ path: `sellers/upload?max=${maxFiles}`, field: 'files', files, onProgress, signal });
    return answer.files;
  };
}

/** POST /api/chat/upload: one image or gif, through the same function the chat composer uses. */
export const chatImageSender: UploadSender = async ([file], onProgress, signal) => [
  (await uploadChatImage(file, onProgress, signal)).file,
];
