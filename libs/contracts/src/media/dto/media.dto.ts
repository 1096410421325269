import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  PREVIEW_IMAGE_URL,
  PREVIEW_IMAGES_PER_ASK,
  SELLER_UPLOAD_MAX_FILES,
  SINGLE_UPLOAD_PURPOSES,
  type MediaKind,
} from '../media.constants';
import { said } from '../../common/field-messages';
import { UPLOAD_PURPOSES, type UploadPurpose } from '../media-keys';

/** POST /api/upload?purpose=avatar (or a `purpose` form field sent before the file). */
export class UploadQueryDto {
  @IsOptional()
  @IsIn(SINGLE_UPLOAD_PURPOSES, said('upload_purpose_choice', { purposes: SINGLE_UPLOAD_PURPOSES.join(', ') }))
  purpose?: (typeof SINGLE_UPLOAD_PURPOSES)[number];
}

/** POST /api/sellers/upload?max=5 */
export class SellerUploadQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt(said('upload_max_whole_number'))
  @Min(1, said('upload_max_at_least', { min: 1 }))
  @Max(SELLER_UPLOAD_MAX_FILES, said('upload_max_at_most', { max: SELLER_UPLOAD_MAX_FILES }))
  max?: number;
}

/** One stored file, as the upload routes answer it. */
export interface UploadedFileDto {
  url: string;
  originalName: string;
  type: MediaKind;
  /** Bytes as stored (images after re-encoding). */
  size: number;
  /** png, jpeg, gif, webp, mp4, mov or webm: a chat message of a gif is kind gif. */
  format: string;
  width?: number;
  height?: number;
  /** Voice notes: the length read from the audio itself. */
  durationMs?: number;
}

/** POST /api/upload */
export interface UploadResponseDto {
  url: string;
  file: UploadedFileDto;
}

/** POST /api/chat/upload: the spec's clients read `file` or `files`. */
export interface ChatUploadResponseDto extends UploadResponseDto {
  files: UploadedFileDto[];
}

/** POST /api/sellers/upload */
export interface MultiUploadResponseDto {
  files: UploadedFileDto[];
}

export class VerifyMediaObjectDto {
  /** A path as the upload answered it: /media/<purpose>/<id>.<ext>. Other hosts are never ours. */
  @IsString()
  @MaxLength(300)
  @Matches(/^\/media\/[\w\-./]+$/, said('media_path'))
  url: string;

  @IsOptional()
  @IsIn(UPLOAD_PURPOSES)
  purpose?: UploadPurpose;
}

export type MediaObjectVerification =
  | { ok: false }
  | {
      ok: true;
      type: MediaKind;
      format: string;
      contentType: string;
      purpose: UploadPurpose;
      ownerId: number;
      size: number;
    };

/** chat-svc asks for a link preview's picture: media-svc downloads it (public addresses only), re-encodes and stores it. */
export class StorePreviewImageDto {
  @IsString()
  @MaxLength(2048)
  @Matches(/^https?:\/\/\S+$/i, said('preview_image_address'))
  url: string;
}

/** Link preview pictures by their /media/preview/ address: asked about, or answered as still shown. */
export class PreviewImagesDto {
  @IsArray()
  @ArrayMaxSize(PREVIEW_IMAGES_PER_ASK)
  @IsString({ each: true })
  @Matches(PREVIEW_IMAGE_URL, { each: true, ...said('preview_image_urls') })
  urls: string[];
}

/** The stored picture under /media/preview/, or null when the address gave none we could take. */
export interface PreviewImageDto {
  url: string | null;
}
