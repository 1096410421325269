import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { KnownDevicesRepository } from './known-devices.repository';

/**
 * The browsers an account has signed in from, by their device cookie (only its SHA-256 is
 * kept). Kept in PostgreSQL, not with the sessions: a device stays known after its sessions end.
 */
@Injectable()
export class KnownDevices {
  constructor(private readonly devices: KnownDevicesRepository) {}

  /** Records the device for the account; answers whether it is new to an account that knew others before. */
  async note(userId: number, deviceId: string): Promise<{ new: boolean; knewOthers: boolean }> {
    const hash = createHash('sha256').update(deviceId).digest('hex');
    if (!(await this.devices.note(userId, hash))) return { new: false, knewOthers: true };
    return { new: true, knewOthers: await this.devices.knowsOtherThan(userId, hash) };
  }
}
