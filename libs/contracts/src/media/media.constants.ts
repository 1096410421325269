import type { UploadPurpose } from './media-keys';

/** Purposes a client may name on POST /api/upload; seller and chat media have their own routes. */
export const SINGLE_UPLOAD_PURPOSES = ['general', 'avatar', 'gallery', 'intro'] as const satisfies readonly UploadPurpose[];

export type MediaKind = 'image' | 'video' | 'audio';

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
  voice: { maxMegabytes: 5, kinds: ['audio'] },
  preview: { maxMegabytes: 5, kinds: ['image'] },
};

export function uploadMaxBytes(purpose: UploadPurpose): number {
  return UPLOAD_POLICIES[purpose].maxMegabytes * MB;
}

/** Files per request: seller media 10 by default (the media test page asks for 5), chat 1. */
export const SELLER_UPLOAD_MAX_FILES = 10;
export const SINGLE_UPLOAD_MAX_FILES = 1;

/** Images larger than this on either side are scaled down (aspect kept). */
export const MAX_IMAGE_DIMENSION = 4096;

/** The address of a link preview's stored picture. */
export const PREVIEW_IMAGE_URL = /^\/media\/preview\/[0-9a-f-]{36}\.webp$/;
/** Pictures asked about at once when media-svc checks which a message still shows. */
export const PREVIEW_IMAGES_PER_ASK = 500;

export const MediaUrlMessages = {
  avatar: 'Avatar must be an image uploaded here; links to other sites are not accepted',
  media: 'Must be a file uploaded here; links to other sites are not accepted',
} as const;

export const UploadMessages = {
  tooLarge: (megabytes: number) => `File size must be less than ${megabytes}MB`,
  invalidType: 'Invalid file type. Please upload an image or video.',
  imageOnly: 'Please select an image file',
  videoOnly: 'Please select a video file',
  audioOnly: 'Voice notes must be WebM or Ogg audio (Opus)',
  voiceTooLong: 'Voice notes can be at most 2 minutes long',
  tooManyFilesTitle: 'Too many files',
  tooManyFiles: (max: number) => `You can only upload up to ${max} files`,
  noFile: 'Please choose a file to upload',
  notFound: 'File not found',
  tooSlow: 'The upload was too slow and has been stopped. Please check your connection and try again.',
  tooManyAtOnce: 'You already have uploads in progress. Please wait until they finish.',
  tooManyFromAddress: 'Too many uploads from your network are in progress. Please try again shortly.',
  busy: 'Too many uploads are being processed right now. Please try again in a moment.',
  animationTooLarge: (frames: number, megapixels: number) =>
    `Animated images can have at most ${frames} frames and ${megapixels} megapixels across all frames`,
  tooComplex: 'This image takes too long to process. Please upload a smaller one.',
  rateLimited: (wait: string) => `You are uploading too fast. Please try again in ${wait}.`,
  quotaReached: (megabytes: number, wait: string) =>
    `You have reached your upload limit of ${megabytes}MB a day. Please try again in ${wait}.`,
} as const;

export const MediaErrorCode = {
  TooManyFiles: 'too_many_files',
  InvalidFileType: 'invalid_file_type',
  /** 408: the body came slower than the minimum rate, or not at all for a while. */
  UploadTooSlow: 'upload_too_slow',
  /** 429: this user or address already has as many uploads in progress as allowed. */
  TooManyUploads: 'too_many_uploads',
  /** 503: every upload or image-processing slot is taken. */
  UploadsBusy: 'uploads_busy',
  /** 413: an animation over its frame or pixel budget. */
  AnimationTooLarge: 'animation_too_large',
  /** 413: an image whose processing ran out of time. */
  ImageTooComplex: 'image_too_complex',
  /** 429: more files in the window than a user may upload. */
  UploadRateLimited: 'upload_rate_limited',
  /** 429: more bytes a day than a user may store. */
  UploadQuotaReached: 'upload_quota_reached',
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

/** Voice notes: at most two minutes, Opus audio in WebM (Chromium's recorder) or Ogg (Firefox's). */
export const VOICE_NOTE_MAX_MS = 120_000;
/** A recorder stopped at 2:00 writes a little past it (the last frames, container timing). */
export const VOICE_NOTE_TOLERANCE_MS = 2_000;
export const VOICE_NOTE_MAX_BYTES = UPLOAD_POLICIES.voice.maxMegabytes * MB;
export const VOICE_NOTE_TYPES = ['audio/webm', 'audio/ogg'] as const;
