/** What an upload is for; each purpose has its own size limit and accepted kinds of file. */
export const UploadPurpose = {
  General: 'general',
  Avatar: 'avatar',
  Gallery: 'gallery',
  Intro: 'intro',
  Seller: 'seller',
  Chat: 'chat',
} as const;
export type UploadPurpose = (typeof UploadPurpose)[keyof typeof UploadPurpose];
export const UPLOAD_PURPOSES = Object.values(UploadPurpose);

/** Purposes a client may name on POST /api/upload; seller and chat media have their own routes. */
export const SINGLE_UPLOAD_PURPOSES = ['general', 'avatar', 'gallery', 'intro'] as const satisfies readonly UploadPurpose[];

export type MediaKind = 'image' | 'video';

export interface UploadPolicy {
  maxMegabytes: number;
  kinds: readonly MediaKind[];
}

const MB = 1024 * 1024;

/** The spec's limits: default 50 MB, avatar 5, gallery image 10, intro video 50, seller media 50 each, chat 10. */
export const UPLOAD_POLICIES: Record<UploadPurpose, UploadPolicy> = {
  general: { maxMegabytes: 50, kinds: ['image', 'video'] },
  avatar: { maxMegabytes: 5, kinds: ['image'] },
  gallery: { maxMegabytes: 10, kinds: ['image'] },
  intro: { maxMegabytes: 50, kinds: ['video'] },
  seller: { maxMegabytes: 50, kinds: ['image', 'video'] },
  chat: { maxMegabytes: 10, kinds: ['image'] },
};

export function uploadMaxBytes(purpose: UploadPurpose): number {
  return UPLOAD_POLICIES[purpose].maxMegabytes * MB;
}

/** Files per request: seller media 10 by default (the media test page asks for 5), chat 1. */
export const SELLER_UPLOAD_MAX_FILES = 10;
export const SINGLE_UPLOAD_MAX_FILES = 1;

/** Images larger than this on either side are scaled down (aspect kept). */
export const MAX_IMAGE_DIMENSION = 4096;

/** Every object media-svc issues is served under this path. */
export const MEDIA_URL_PREFIX = '/media/';

export const UploadMessages = {
  tooLarge: (megabytes: number) => `File size must be less than ${megabytes}MB`,
  invalidType: 'Invalid file type. Please upload an image or video.',
  imageOnly: 'Please select an image file',
  videoOnly: 'Please select a video file',
  tooManyFilesTitle: 'Too many files',
  tooManyFiles: (max: number) => `You can only upload up to ${max} files`,
  noFile: 'Please choose a file to upload',
} as const;

export const MediaErrorCode = {
  TooManyFiles: 'too_many_files',
  InvalidFileType: 'invalid_file_type',
} as const;

/**
 * Headers the gateway sets when it streams an upload to media-svc's internal HTTP port. The
 * gateway has already checked the session and the role; media-svc records who and what for.
 */
export const MediaUploadHeaders = {
  UserId: 'x-media-user-id',
  Purpose: 'x-media-purpose',
  MaxFiles: 'x-media-max-files',
  /** The multipart field the files arrive in: file or files. */
  Field: 'x-media-field',
} as const;
