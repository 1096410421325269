/** Request/reply patterns answered by media-svc (queue group "media-svc"). */
export const MediaPatterns = {
  /**
   * VerifyMediaObjectDto -> MediaObjectVerification: was this URL issued by media-svc (and
   * for this purpose)? Chat uses it before it accepts an image or gif message.
   */
  VerifyObject: 'media.object.verify',
  /** StorePreviewImageDto -> PreviewImageDto: a link preview's picture, downloaded and stored here (never hot-linked). */
  StorePreviewImage: 'media.preview-image.store',
} as const;
