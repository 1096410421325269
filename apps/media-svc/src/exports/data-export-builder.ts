import { Injectable } from '@nestjs/common';
import { CHAT_EXPORT_PARTS, DataExportPatterns, MARKETPLACE_EXPORT_PARTS, type AccountExportDto, type DataExportPageDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
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
      zip.addReadStreamLazy(`chat/${part}.json`, (done) => done(null, jsonArray((after) => this.rpc.request(DataExportPatterns.ChatPage, { userId, part, after }, PAGE_TIMEOUT_MS))));
    }
    for (const part of MARKETPLACE_EXPORT_PARTS) {
      zip.addReadStreamLazy(`marketplace/${part}.json`, (done) =>
        done(null, jsonArray((after) => this.rpc.request(DataExportPatterns.MarketplacePage, { userId, part, after }, PAGE_TIMEOUT_MS))),
      );
    }
    zip.addReadStreamLazy('media/uploads.json', (done) => done(null, jsonArray((after) => this.uploadsPage(userId, after))));
    // Each file is added as its page is read; its bytes are fetched only when the zip reaches it.
    for (let after = 0; ; ) {
      const uploads = await this.objects.uploadsAfter(userId, after, OBJECTS_PER_PAGE);
      for (const { object } of uploads) {
        zip.addReadStreamLazy(`media/files/${object.key}`, { mtime: object.createdAt, compress: false }, (done) => {
          this.storage.getWhole(object.key).then(
            (body) => done(null, body),
            (error) => done(error, undefined as never),
          );
        });
      }
      if (uploads.length < OBJECTS_PER_PAGE) break;
      after = uploads[uploads.length - 1].seq;
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
