import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import * as Minio from 'minio';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { MediaEnv } from '../config/media-env';

/**
 * Parts of this size are uploaded one at a time, so a 50 MB file never sits in memory whole
 * (the client's default of 64 MB would buffer any smaller object completely before sending).
 */
const PART_SIZE = 5 * 1024 * 1024;

/** The S3 bucket (MinIO, or s3rver on loopback) behind every stored object. */
@Injectable()
export class ObjectStorage implements OnModuleInit {
  private readonly logger = new Logger(ObjectStorage.name);
  private readonly client: Minio.Client;
  private readonly bucket: string;
  private readonly region: string;

  constructor(env: MediaEnv) {
    this.bucket = env.S3_BUCKET;
    this.region = env.S3_REGION;
    this.client = new Minio.Client({
      endPoint: env.S3_ENDPOINT,
      ...(env.S3_PORT ? { port: env.S3_PORT } : {}),
      useSSL: env.S3_USE_SSL,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      region: env.S3_REGION,
      partSize: PART_SIZE,
    });
  }

  async onModuleInit() {
    await this.ensureBucket();
  }

  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
      this.logger.log(`Created bucket ${this.bucket}`);
    } catch (error) {
      // Another replica created it at the same moment.
      const code = (error as { code?: string }).code;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
    }
  }

  /** Streams a spooled file into the bucket. */
  async putFile(key: string, path: string, size: number, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, createReadStream(path), size, { 'Content-Type': contentType });
  }

  /** Stores bytes held in memory (a small re-encoded picture). */
  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, data, data.length, { 'Content-Type': contentType });
  }

  /** Streams bytes of a length not known in advance (a zip being made), a part at a time. */
  async putStream(key: string, data: Readable, contentType: string): Promise<{ size: number }> {
    await this.client.putObject(this.bucket, key, data, undefined, { 'Content-Type': contentType });
    const stat = await this.client.statObject(this.bucket, key);
    return { size: stat.size };
  }

  /** The object's bytes from `start` to `end` inclusive. */
  getRange(key: string, start: number, end: number): Promise<Readable> {
    return this.client.getPartialObject(this.bucket, key, start, end - start + 1);
  }

  getWhole(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }

  /** Health: the bucket answers. */
  async check(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket ${this.bucket} is missing`);
  }
}
