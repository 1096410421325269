import type { UploadPolicy, UploadPurpose } from '@app/contracts';

/*
 * The server's upload rules as the browser needs them. They mirror @app/contracts (the web app
 * takes only types from there, to keep its validation classes out of the bundle); a test keeps
 * the two equal.
 */

/** The spec's limits per purpose: avatar 5 MB, gallery image 10, intro video 50, seller media 50 each, chat 10. */
export const UPLOAD_LIMITS: Record<UploadPurpose, UploadPolicy> = {
  general: { maxMegabytes: 50, kinds: ['image', 'video'] },
  avatar: { maxMegabytes: 5, kinds: ['image'] },
  gallery: { maxMegabytes: 10, kinds: ['image'] },
  intro: { maxMegabytes: 50, kinds: ['video'] },
  seller: { maxMegabytes: 50, kinds: ['image', 'video'] },
  chat: { maxMegabytes: 10, kinds: ['image'] },
};

/** The media test page's seller media tab takes 5 files at a time (the route's default is 10). */
export const MEDIA_TEST_MAX_FILES = 5;

export const UPLOAD_MESSAGES = {
  tooLarge: (megabytes: number) => `File size must be less than ${megabytes}MB`,
  invalidType: 'Invalid file type. Please upload an image or video.',
  imageOnly: 'Please select an image file',
  videoOnly: 'Please select a video file',
  tooManyFilesTitle: 'Too many files',
  tooManyFiles: (max: number) => `You can only upload up to ${max} files`,
} as const;
