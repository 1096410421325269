import { Injectable, Logger } from '@nestjs/common';
import {
  MEDIA_EXTENSIONS,
  UPLOAD_POLICIES,
  VOICE_NOTE_MAX_MS,
  VOICE_NOTE_TOLERANCE_MS,
  fieldMessage,
  type MediaKind,
  type UploadedFileDto,
  type UploadPurpose,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { MediaEnv } from '../config/media-env';
import { MediaObject } from '../objects/media-object.entity';
import { MediaObjectsRepository } from '../objects/media-objects.repository';
import { toUploadedFile } from '../objects/media-objects.service';
import { ObjectStorage } from '../storage/object-storage.repository';
import { MalformedAudioError, probeAudio, type AudioType } from './audio-probe';
import { ImageTimeoutError, probeImage, reencodeImage, type EncodedImage, type ImageType } from './image-processor';
import { ProcessingQueue, QueueFullError } from './processing-queue';
import { UploadError } from './upload-error';
import { UploadQuotas } from './upload-quotas';
import { receiveFiles, type ReceivedFile } from './upload-receiver';
import { blankVideoMetadata, checkIsoVideo, MalformedVideoError } from './video-metadata';
import { sniffVideo, VIDEO_SNIFF_BYTES, type VideoType } from './video-sniffer';
import { checkWebmVideo } from './webm-structure';
import { Metrics } from '@app/server';

export interface UploadRequest {
  ownerId: number;
  purpose: UploadPurpose;
  purposeFromField: boolean;
  field: string;
  maxFiles: number;
  /** A private folder for the request's files, removed by the caller. */
  dir: string;
}

type CheckedFile = ReceivedFile &
  ({ kind: 'image'; image: ImageType } | { kind: 'video'; video: VideoType } | { kind: 'audio'; audio: AudioType });

const MEGAPIXEL = 1_000_000;
/** What a refused image tells the client to wait: about one image's processing time. */
const BUSY_RETRY_SECONDS = 10;

/**
 * An upload from receipt to record: every file is received and its type checked from its
 * bytes before anything is stored, then images are re-encoded and all are stored together.
 * A request stores all its files or none.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);
  private readonly imageQueue: ProcessingQueue;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly objects: MediaObjectsRepository,
    private readonly quotas: UploadQuotas,
    private readonly env: MediaEnv,
  ) {
    this.imageQueue = new ProcessingQueue(env.MEDIA_IMAGE_CONCURRENCY, env.MEDIA_IMAGE_QUEUE_LIMIT);
  }

  async upload(req: IncomingMessage, request: UploadRequest): Promise<UploadedFileDto[]> {
    await this.quotas.refuseWhenSpent(request.ownerId);
    const { purpose, files } = await receiveFiles(req, {
      dir: request.dir,
      field: request.field,
      maxFiles: request.maxFiles,
      purpose: request.purpose,
      purposeFromField: request.purposeFromField,
      idleTimeoutMs: this.env.MEDIA_UPLOAD_IDLE_TIMEOUT_MS,
      onFile: (file, filePurpose) => this.check(file, filePurpose, request.ownerId),
    });
    const stored = await this.store(files, request.ownerId, purpose);
    return stored.map(toUploadedFile);
  }

  /** The file's own bytes decide what it is; its name and declared type are never trusted. */
  private async check(file: ReceivedFile, purpose: UploadPurpose, ownerId: number): Promise<CheckedFile> {
    await this.quotas.countFile(ownerId);
    if (purpose === 'voice') return { ...file, kind: 'audio', audio: await checkVoiceNote(file.path) };
    const video = sniffVideo(await readHead(file.path, VIDEO_SNIFF_BYTES));
    const image = video ? null : await probeImage(file.path);
    if (!video && !image) throw UploadError.invalidType();
    const kind: MediaKind = video ? 'video' : 'image';
    const accepted = UPLOAD_POLICIES[purpose].kinds;
    if (!accepted.includes(kind)) {
      throw UploadError.invalidType(fieldMessage(accepted.includes('image') ? 'upload_image_only' : 'upload_video_only'));
    }
    if (video) {
      await checkVideo(file.path, video);
      return { ...file, kind: 'video', video };
    }
    this.checkAnimationBudget(image as ImageType);
    return { ...file, kind: 'image', image: image as ImageType };
  }

  /** Re-encoding an animation costs every frame's pixels: a few kB of GIF can ask for seconds of CPU. */
  private checkAnimationBudget(image: ImageType) {
    if (!image.animated) return;
    const maxFrames = this.env.MEDIA_ANIMATED_MAX_FRAMES;
    const maxMegapixels = this.env.MEDIA_ANIMATED_MAX_MEGAPIXELS;
    if (image.frames > maxFrames || image.pixels > maxMegapixels * MEGAPIXEL) {
      throw UploadError.animationTooLarge(maxFrames, maxMegapixels);
    }
  }

  private async store(files: CheckedFile[], ownerId: number, purpose: UploadPurpose): Promise<MediaObject[]> {
    const stored: MediaObject[] = [];
    let reserved = 0;
    try {
      for (const file of files) {
        const object = new MediaObject();
        object.id = randomUUID();
        object.ownerId = ownerId;
        object.purpose = purpose;
        object.kind = file.kind;
        object.originalName = file.originalName;
        let path = file.path;
        if (file.kind === 'image') {
          path = `${file.path}.out`;
          const encoded = await this.reencode(file.path, path, file.image);
          Object.assign(object, {
            format: encoded.format,
            contentType: encoded.contentType,
            size: encoded.size,
            width: encoded.width,
            height: encoded.height,
            animated: encoded.animated,
          });
        } else if (file.kind === 'audio') {
          Object.assign(object, { format: file.audio.format, contentType: file.audio.contentType, size: file.size, durationMs: file.audio.durationMs });
        } else {
          if (file.video.format !== 'webm') await stripVideoMetadata(file.path);
          Object.assign(object, { format: file.video.format, contentType: file.video.contentType, size: file.size });
        }
        object.key = `${purpose}/${object.id}.${MEDIA_EXTENSIONS[object.format]}`;
        await this.quotas.reserveBytes(ownerId, object.size);
        reserved += object.size;
        await this.storage.putFile(object.key, path, object.size, object.contentType);
        stored.push(object);
      }
      await this.objects.record(stored);
      for (const object of stored) Metrics.uploadBytes.inc({ purpose }, object.size);
      return stored;
    } catch (error) {
      await Promise.all([
        this.quotas.releaseBytes(ownerId, reserved).catch((e: Error) => this.logger.warn(`Could not release quota of user ${ownerId}: ${e.message}`)),
        ...stored.map((object) =>
          this.storage.remove(object.key).catch((e: Error) => this.logger.warn(`Could not remove ${object.key}: ${e.message}`)),
        ),
      ]);
      throw error;
    }
  }

  /** Images take turns (a few at a time per replica) and each gets a bounded time. */
  private async reencode(input: string, output: string, image: ImageType): Promise<EncodedImage> {
    try {
      return await this.imageQueue.run(() => reencodeImage(input, output, image, this.env.MEDIA_IMAGE_TIMEOUT_SECONDS));
    } catch (error) {
      if (error instanceof QueueFullError) throw UploadError.busy(BUSY_RETRY_SECONDS);
      if (error instanceof ImageTimeoutError) throw UploadError.tooComplex();
      throw UploadError.invalidType();
    }
  }
}

/** Opus or Vorbis in WebM or Ogg, nothing else in it, and no longer than a voice note may be. */
async function checkVoiceNote(path: string): Promise<AudioType> {
  const audio = await probeAudio(path).catch((error: unknown) => {
    throw error instanceof MalformedAudioError ? UploadError.invalidType(fieldMessage('upload_audio_only')) : error;
  });
  if (!audio) throw UploadError.invalidType(fieldMessage('upload_audio_only'));
  if (audio.durationMs > VOICE_NOTE_MAX_MS + VOICE_NOTE_TOLERANCE_MS) throw UploadError.badRequest(fieldMessage('upload_voice_too_long'));
  return audio;
}

/** A known header is not enough: the container must hold what a player needs, and nothing else. */
async function checkVideo(path: string, video: VideoType): Promise<void> {
  await (video.format === 'webm' ? checkWebmVideo(path) : checkIsoVideo(path)).catch((error: unknown) => {
    throw error instanceof MalformedVideoError ? UploadError.invalidType() : error;
  });
}

/** Location, device and other descriptive boxes go, as EXIF goes from images; a broken box structure is no video. */
async function stripVideoMetadata(path: string): Promise<void> {
  await blankVideoMetadata(path).catch((error: unknown) => {
    throw error instanceof MalformedVideoError ? UploadError.invalidType() : error;
  });
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
