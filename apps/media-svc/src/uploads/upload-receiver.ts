import {
  SINGLE_UPLOAD_PURPOSES,
  UPLOAD_POLICIES,
  fieldMessage,
  uploadMaxBytes,
  type UploadPurpose,
} from '@app/contracts';
import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UploadError } from './upload-error';

export interface ReceivedFile {
  /** Where the bytes were spooled. */
  path: string;
  originalName: string;
  size: number;
}

export interface ReceiveOptions<T> {
  /** A private folder for this request's files. */
  dir: string;
  /** The multipart field files must arrive in. */
  field: string;
  maxFiles: number;
  purpose: UploadPurpose;
  /** POST /api/upload lets a `purpose` form field, sent before the file, choose the purpose. */
  purposeFromField: boolean;
  /** Checks each file as soon as it is complete, so a bad first file stops the rest. */
  onFile: (file: ReceivedFile, purpose: UploadPurpose) => Promise<T>;
  /** A body that stops arriving for this long is refused as too slow. */
  idleTimeoutMs: number;
}

/** Fails the stream the moment more than `max` bytes have passed. */
class ByteLimit extends Transform {
  bytes = 0;

  constructor(
    private readonly max: number,
    private readonly tooLarge: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.max) callback(this.tooLarge());
    else callback(null, chunk);
  }
}

/**
 * Reads a multipart upload straight to disk, one file at a time, with backpressure: memory
 * holds a few chunks whatever the file's size. A file over its limit, one file too many or a
 * broken form stops reading at once.
 */
export function receiveFiles<T>(req: IncomingMessage, options: ReceiveOptions<T>): Promise<{ purpose: UploadPurpose; files: T[] }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: options.maxFiles, fields: 5, fieldSize: 1024, fieldNameSize: 100, parts: options.maxFiles + 5 },
      });
    } catch {
      return reject(UploadError.badRequest('Send the file as multipart/form-data'));
    }

    let purpose = options.purpose;
    let fileCount = 0;
    let failed = false;
    let chain: Promise<unknown> = Promise.resolve();
    const results: T[] = [];

    const stopWatching = watchIdle(req, options.idleTimeoutMs, () => fail(UploadError.tooSlow()));
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      stopWatching();
      req.unpipe(parser);
      reject(error);
    };

    parser.on('field', (name, value) => {
      if (name !== 'purpose' || !options.purposeFromField) return;
      if (fileCount > 0) return fail(UploadError.badRequest('Send the purpose field before the file', 'purpose'));
      if (!(SINGLE_UPLOAD_PURPOSES as readonly string[]).includes(value)) {
        return fail(UploadError.badRequest(`purpose must be one of ${SINGLE_UPLOAD_PURPOSES.join(', ')}`, 'purpose'));
      }
      purpose = value as UploadPurpose;
    });

    parser.on('file', (name, stream, info) => {
      if (failed) return stream.resume();
      if (name !== options.field) {
        stream.resume();
        return fail(UploadError.badRequest(`Send the file in the "${options.field}" field`, options.field));
      }
      const path = join(options.dir, String(fileCount++));
      const filePurpose = purpose;
      const limit = new ByteLimit(uploadMaxBytes(filePurpose), () =>
        UploadError.tooLarge(UPLOAD_POLICIES[filePurpose].maxMegabytes),
      );
      const written = pipeline(stream, limit, createWriteStream(path));
      written.catch(fail);
      chain = chain
        .then(() => written)
        .then(() => options.onFile({ path, originalName: cleanName(info.filename), size: limit.bytes }, filePurpose))
        .then((result) => void results.push(result));
      chain.catch(fail);
    });

    parser.on('filesLimit', () => fail(UploadError.tooManyFiles(options.maxFiles)));
    parser.on('partsLimit', () => fail(UploadError.badRequest('Too many form fields')));
    parser.on('fieldsLimit', () => fail(UploadError.badRequest('Too many form fields')));
    parser.on('error', () => fail(UploadError.badRequest('The upload is not a complete multipart form')));
    parser.on('close', () => {
      chain.then(() => {
        if (failed) return;
        if (results.length === 0) return fail(UploadError.badRequest(fieldMessage('upload_no_file'), options.field));
        resolve({ purpose, files: results });
      }, fail);
    });
    req.on('close', () => {
      if (!req.complete) fail(UploadError.badRequest('The upload was cut off'));
    });
    req.pipe(parser);
  });
}

/** Calls `onIdle` when no byte of the body has come for `ms`; stops at the body's end. */
function watchIdle(req: IncomingMessage, ms: number, onIdle: () => void): () => void {
  const timer = setTimeout(onIdle, ms);
  const refresh = () => timer.refresh();
  const stop = () => {
    clearTimeout(timer);
    req.off('data', refresh);
  };
  req.on('data', refresh);
  req.once('end', stop);
  req.once('close', stop);
  return stop;
}

/** The name as the user's computer had it, for display only (never a path or a key). */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (printable || 'file').slice(0, 255);
}
