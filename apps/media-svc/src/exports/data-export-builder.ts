import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CHAT_EXPORT_PARTS, DataExportPatterns, MARKETPLACE_EXPORT_PARTS, type AccountExportDto, type DataExportPageDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { MediaObject } from '../objects/media-object.entity';
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
    private readonly em: EntityManager,
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
      const objects = await this.objectsAfter(userId, after);
      for (const object of objects) {
        zip.addReadStreamLazy(`media/files/${object.key}`, { mtime: object.createdAt, compress: false }, (done) => {
          this.storage.getWhole(object.key).then(
            (body) => done(null, body),
            (error) => done(error, undefined as never),
          );
        });
      }
      if (objects.length < OBJECTS_PER_PAGE) break;
      after = objects[objects.length - 1].seq;
    }
    zip.end();
    return stored;
  }

  private async uploadsPage(userId: number, after: number): Promise<DataExportPageDto> {
    const objects = await this.objectsAfter(userId, after);
    return {
      items: objects.map(({ object }) => ({
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
      next: objects.length < OBJECTS_PER_PAGE ? null : objects[objects.length - 1].seq,
    };
  }

  /**
   * A person's uploads in a fixed order, a page after the row numbered `after`; link preview
   * pictures are left out (the server fetched them, nobody uploaded them).
   */
  private async objectsAfter(userId: number, after: number): Promise<Array<{ seq: number; key: string; createdAt: Date; object: MediaObject }>> {
    const em = this.em.fork();
    const rows: Array<{ id: string; seq: string }> = await em.execute(
      `select "id", "seq" from (
        select "id", row_number() over (order by "created_at", "id") as "seq" from "media_objects" where "owner_id" = ? and "purpose" <> 'preview'
      ) numbered where "seq" > ? order by "seq" limit ?`,
      [userId, after, OBJECTS_PER_PAGE],
    );
    const objects = new Map((await em.find(MediaObject, { id: { $in: rows.map((row) => row.id) } })).map((o) => [o.id, o]));
    return rows.flatMap((row) => {
      const object = objects.get(row.id);
      return object ? [{ seq: Number(row.seq), key: object.key, createdAt: object.createdAt, object }] : [];
    });
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
