import { Injectable, Logger } from '@nestjs/common';
import {
  UPLOAD_POLICIES,
  UploadMessages,
  type MediaKind,
  type UploadedFileDto,
  type UploadPurpose,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { MediaObject } from '../objects/media-object.entity';
import { MediaObjectsService, toUploadedFile } from '../objects/media-objects.service';
import { ObjectStorage } from '../storage/object-storage.repository';
import { probeImage, reencodeImage, type ImageType } from './image-processor';
import { UploadError } from './upload-error';
import { receiveFiles, type ReceivedFile } from './upload-receiver';
import { blankVideoMetadata, MalformedVideoError } from './video-metadata';
import { sniffVideo, VIDEO_SNIFF_BYTES, type VideoType } from './video-sniffer';

export interface UploadRequest {
  ownerId: number;
  purpose: UploadPurpose;
  purposeFromField: boolean;
  field: string;
  maxFiles: number;
  /** A private folder for the request's files, removed by the caller. */
  dir: string;
}

type CheckedFile = ReceivedFile & ({ kind: 'image'; image: ImageType } | { kind: 'video'; video: VideoType });

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', mp4: 'mp4', mov: 'mov', webm: 'webm' };

/**
 * An upload from receipt to record: every file is received and its type checked from its
 * bytes before anything is stored, then images are re-encoded and all are stored together.
 * A request stores all its files or none.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly storage: ObjectStorage,
    private readonly objects: MediaObjectsService,
  ) {}

  async upload(req: IncomingMessage, request: UploadRequest): Promise<UploadedFileDto[]> {
    const { purpose, files } = await receiveFiles(req, {
      dir: request.dir,
      field: request.field,
      maxFiles: request.maxFiles,
      purpose: request.purpose,
      purposeFromField: request.purposeFromField,
      onFile: (file, filePurpose) => this.check(file, filePurpose),
    });
    const stored = await this.store(files, request.ownerId, purpose);
    return stored.map(toUploadedFile);
  }

  /** The file's own bytes decide what it is; its name and declared type are never trusted. */
  private async check(file: ReceivedFile, purpose: UploadPurpose): Promise<CheckedFile> {
    const video = sniffVideo(await readHead(file.path, VIDEO_SNIFF_BYTES));
    const image = video ? null : await probeImage(file.path);
    if (!video && !image) throw UploadError.invalidType();
    const kind: MediaKind = video ? 'video' : 'image';
    const accepted = UPLOAD_POLICIES[purpose].kinds;
    if (!accepted.includes(kind)) {
      throw UploadError.invalidType(accepted.includes('image') ? UploadMessages.imageOnly : UploadMessages.videoOnly);
    }
    return video ? { ...file, kind: 'video', video } : { ...file, kind: 'image', image: image as ImageType };
  }

  private async store(files: CheckedFile[], ownerId: number, purpose: UploadPurpose): Promise<MediaObject[]> {
    const stored: MediaObject[] = [];
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
          const encoded = await reencodeImage(file.path, path, file.image).catch(() => {
            throw UploadError.invalidType();
          });
          Object.assign(object, {
            format: encoded.format,
            contentType: encoded.contentType,
            size: encoded.size,
            width: encoded.width,
            height: encoded.height,
            animated: encoded.animated,
          });
        } else {
          if (file.video.format !== 'webm') await stripVideoMetadata(file.path);
          Object.assign(object, { format: file.video.format, contentType: file.video.contentType, size: file.size });
        }
        object.key = `${purpose}/${object.id}.${EXTENSIONS[object.format]}`;
        await this.storage.putFile(object.key, path, object.size, object.contentType);
        stored.push(object);
      }
      await this.objects.record(stored);
      return stored;
    } catch (error) {
      await Promise.all(
        stored.map((object) =>
          this.storage.remove(object.key).catch((e: Error) => this.logger.warn(`Could not remove ${object.key}: ${e.message}`)),
        ),
      );
      throw error;
    }
  }
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
