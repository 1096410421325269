import { HttpException } from '@nestjs/common';
import { fieldMessage, MediaErrorCode, type FieldMessage } from '@app/contracts';

/** What a refused upload tells the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

export interface UploadSlotLimits {
  perUser: number;
  perAddress: number;
  /** Every upload in progress on this gateway: the size of its upload connection pool. */
  total: number;
}

/**
 * Uploads in progress on this gateway, per user, per client address and in all. A slow upload
 * holds a connection to media-svc for as long as it lasts, so no one user or network may hold
 * more than a few, and uploads never wait in the pool for a connection: they are refused at once.
 */
export class UploadSlots {
  private total = 0;
  private readonly perUser = new Map<number, number>();
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly limits: UploadSlotLimits) {}

  /** Takes a slot or throws the refusal (429, or 503 when the gateway is full); call the answer once done. */
  take(userId: number, address: string): () => void {
    if ((this.perUser.get(userId) ?? 0) >= this.limits.perUser) throw refusal(429, fieldMessage('upload_too_many_at_once'));
    if ((this.perAddress.get(address) ?? 0) >= this.limits.perAddress) throw refusal(429, fieldMessage('upload_too_many_from_address'));
    if (this.total >= this.limits.total) throw refusal(503, fieldMessage('upload_busy'));
    this.total++;
    add(this.perUser, userId, 1);
    add(this.perAddress, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      add(this.perUser, userId, -1);
      add(this.perAddress, address, -1);
    };
  }
}

function add<K>(counts: Map<K, number>, key: K, delta: number) {
  const count = (counts.get(key) ?? 0) + delta;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

function refusal(status: 429 | 503, { message, code }: FieldMessage): HttpException {
  return new HttpException(
    {
      error: status === 429 ? 'Too Many Requests' : 'Service Unavailable',
      code: status === 429 ? MediaErrorCode.TooManyUploads : MediaErrorCode.UploadsBusy,
      message,
      messageCode: { code },
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    },
    status,
  );
}
