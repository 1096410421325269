import { Injectable } from '@nestjs/common';
import { CHAT_EXPORT_PARTS, DataExportPatterns, MARKETPLACE_EXPORT_PARTS, type AccountExportDto, type DataExportPageDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { Readable } from 'node:stream';
import { ZipFile, type ReadStreamOptions } from 'yazl';
import { MediaObjectsRepository } from '../objects/media-objects.repository';
import { urlOf } from '../objects/media-objects.service';
import { ObjectStorage } from '../storage/object-storage.repository';
import { exportLanguage, readme } from './export-words';

/** Uploads read from the database at once while the zip is made. */
const OBJECTS_PER_PAGE = 200;
/** A page of someone's data waits this long for its service. */
const PAGE_TIMEOUT_MS = 30_000;

/**
 * Writes the zip of one person's data as it is read: each service's part page by page over
 * NATS, and each uploaded file streamed from the bucket when its turn comes (yazl opens one
 * entry's stream at a time), so neither 100 000 messages nor a gigabyte of files sit in memory.
 */
@Injectable()
export class DataExportBuilder {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: ObjectStorage,
    private readonly objects: MediaObjectsRepository,
  ) {}

  /** Stores the zip under `key` and answers its size; rejects if any part fails. */
  async build(userId: number, key: string): Promise<{ size: number }> {
    // The account first: its stored language is the one the zip's README speaks.
    const account: AccountExportDto = await this.rpc.request(DataExportPatterns.Account, { userId }, PAGE_TIMEOUT_MS);
    const zip = new ZipFile();
    const output = zip.outputStream as Readable;
    zip.on('error', (error: Error) => output.destroy(error));
    const stored = this.storage.putStream(key, output, 'application/zip');
    // A failure of the upload stops the reading too.
    stored.catch(() => undefined);

    zip.addBuffer(Buffer.from(readme(exportLanguage(account))), 'README.txt');
    zip.addBuffer(Buffer.from(JSON.stringify(account, null, 2)), 'account.json');
    for (const part of CHAT_EXPORT_PARTS) {
      addLazy(zip, `chat/${part}.json`, {}, () => jsonArray((after) => this.rpc.request(DataExportPatterns.ChatPage, { userId, part, after }, PAGE_TIMEOUT_MS)));
    }
    for (const part of MARKETPLACE_EXPORT_PARTS) {
      addLazy(zip, `marketplace/${part}.json`, {}, () => jsonArray((after) => this.rpc.request(DataExportPatterns.MarketplacePage, { userId, part, after }, PAGE_TIMEOUT_MS)));
    }
    addLazy(zip, 'media/uploads.json', {}, () => jsonArray((after) => this.uploadsPage(userId, after)));
    // Each file is added as its page is read; its bytes are fetched only when the zip reaches it.
    try {
      for (let after = 0; ; ) {
        const uploads = await this.objects.uploadsAfter(userId, after, OBJECTS_PER_PAGE);
        for (const { object } of uploads) {
          addLazy(zip, `media/files/${object.key}`, { mtime: object.createdAt, compress: false }, () => this.storage.getWhole(object.key));
        }
        if (uploads.length < OBJECTS_PER_PAGE) break;
        after = uploads[uploads.length - 1].seq;
      }
    } catch (error) {
      // The zip half made is not kept.
      output.destroy(error as Error);
      throw error;
    }
    zip.end();
    return stored;
  }

  private async uploadsPage(userId: number, after: number): Promise<DataExportPageDto> {
    const uploads = await this.objects.uploadsAfter(userId, after, OBJECTS_PER_PAGE);
    return {
      items: uploads.map(({ object }) => ({
        url: urlOf(object.key),
        file: `media/files/${object.key}`,
        purpose: object.purpose,
        kind: object.kind,
        contentType: object.contentType,
        size: object.size,
        width: object.width,
        height: object.height,
        durationMs: object.durationMs,
        originalName: object.originalName,
        uploadedAt: object.createdAt,
      })),
      next: uploads.length < OBJECTS_PER_PAGE ? null : uploads[uploads.length - 1].seq,
    };
  }
}

/**
 * Adds an entry whose stream is opened when the zip reaches it. yazl does not listen for that
 * stream's errors, so the zip fails with them here: unheard, one would stop the process.
 */
function addLazy(zip: ZipFile, name: string, options: Partial<ReadStreamOptions>, open: () => Readable | Promise<Readable>): void {
  zip.addReadStreamLazy(name, options, (done) => {
    Promise.resolve()
      .then(open)
      .then(
        (stream) => {
          stream.on('error', (error) => zip.emit('error', error));
          done(null, stream);
        },
        (error: Error) => done(error, undefined as never),
      );
  });
}

/** A JSON array written a page at a time as the reader asks for more. */
function jsonArray(page: (after: number) => Promise<DataExportPageDto>): Readable {
  async function* rows() {
    yield '[';
    let first = true;
    for (let after: number | null = 0; after !== null; ) {
      const answer: DataExportPageDto = await page(after);
      for (const item of answer.items) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
        first = false;
      }
      after = answer.next;
    }
    yield '\n]\n';
  }
  return Readable.from(rows());
}
