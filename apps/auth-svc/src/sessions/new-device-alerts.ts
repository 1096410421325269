import { Inject, Injectable, Logger } from '@nestjs/common';
import { NEW_DEVICE_MAILS_PER_DAY, type ClientMetaDto } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AccountMailer } from '../accounts/account-mailer';
import type { User } from '../users/user.entity';
import { EndSessionLinks } from './end-session-links';
import { KnownDevices } from './known-devices';
import { sessionIdOf, type StoredSession } from './session.store';

/**
 * A sign-in from a browser the account never used mails the owner when, what and where, with a
 * link that ends that session. A browser is known by its device cookie, not by its User-Agent and
 * country: those are shared by millions and chosen by whoever signs in, the cookie is a secret
 * only that browser holds. The sign-up's browser, and the first one an older account is seen on,
 * are learnt without mail.
 */
@Injectable()
export class NewDeviceAlerts {
  private readonly logger = new Logger(NewDeviceAlerts.name);
  /** NEW_DEVICE_MAILS_PER_DAY per account, counted in Redis so every replica shares it. */
  private readonly mailsPerDay: RateLimiterRedis;

  constructor(
    private readonly devices: KnownDevices,
    private readonly links: EndSessionLinks,
    private readonly mailer: AccountMailer,
    @Inject(REDIS) redis: Redis,
  ) {
    this.mailsPerDay = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'new-device-mail', points: NEW_DEVICE_MAILS_PER_DAY, duration: 24 * 60 * 60 });
  }

  /** Not awaited by the sign-in: how long the mail takes must not show in its answer. */
  noteSignIn(user: User, session: { tokenHash: string; stored: StoredSession }, client: ClientMetaDto, signUp: boolean): void {
    if (user.role === 'guest' || !client.device) return;
    void this.alertIfNew(user, session, client.device, client.ip, signUp).catch((error: unknown) =>
      this.logger.error(`New-device check for account ${user.id} failed: ${(error as Error).message}`),
    );
  }

  private async alertIfNew(user: User, { tokenHash, stored }: { tokenHash: string; stored: StoredSession }, deviceId: string, ip: string, signUp: boolean) {
    const seen = await this.devices.note(user.id, deviceId);
    if (signUp || !seen.new || !seen.knewOthers || !user.email) return;
    if (!(await this.mayMail(user.id))) return;
    const token = await this.links.issue(user.id, sessionIdOf(tokenHash));
    await this.mailer.newDeviceSignIn(
      { id: user.id, username: user.username, email: user.email, language: user.language },
      {
        at: new Date(stored.createdAt),
        device: stored.device,
        countryCode: stored.countryCode,
        ip,
        signedInWith: stored.signedInWith ?? 'password',
        token,
      },
    );
  }

  private async mayMail(userId: number): Promise<boolean> {
    try {
      await this.mailsPerDay.consume(String(userId));
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }
}
