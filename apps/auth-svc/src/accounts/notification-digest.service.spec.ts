import { Test } from '@nestjs/testing';
import { DEFAULT_USER_SETTINGS, PushText, type NotificationDigestDueEvent, type UserSettings } from '@app/contracts';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AccountMailer } from './account-mailer';
import { NotificationDigestService } from './notification-digest.service';

type Mailed = Parameters<AccountMailer['notificationDigest']>;

const digest: NotificationDigestDueEvent = {
  userId: 7,
  count: 2,
  notifications: [
    { type: 'mention', title: 'asha mentioned you', content: 'meet at ten?', link: '/chat/3', timestamp: '2026-11-28T10:00:00.000Z' },
    { type: 'missed_call', title: 'Missed call', content: 'From asha', link: '/calls', timestamp: '2026-11-28T09:00:00.000Z' },
  ],
};

function accountWith(email: string | null, settings: Partial<{ email: boolean; messagePreview: boolean }> = {}): User {
  const chosen: UserSettings = {
    ...DEFAULT_USER_SETTINGS,
    notifications: { ...DEFAULT_USER_SETTINGS.notifications, email: settings.email ?? true },
    chat: { ...DEFAULT_USER_SETTINGS.chat, messagePreview: settings.messagePreview ?? true },
  };
  return { id: 7, username: 'bina', email, settings: chosen } as User;
}

async function digestsFor(account: User | null): Promise<Mailed[]> {
  const mailed: Mailed[] = [];
  const users: Pick<UsersService, 'findById'> = { findById: async (id) => (id === account?.id ? account : null) };
  const mailer: Pick<AccountMailer, 'notificationDigest'> = {
    notificationDigest: async (...args) => {
      mailed.push(args);
    },
  };
  const module = await Test.createTestingModule({
    providers: [NotificationDigestService, { provide: UsersService, useValue: users }, { provide: AccountMailer, useValue: mailer }],
  }).compile();
  await module.get(NotificationDigestService).send(digest);
  return mailed;
}

describe('NotificationDigestService', () => {
  it('mails the digest to the account’s own address', async () => {
    expect(await digestsFor(accountWith('bina@example.com'))).toEqual([[{ id: 7, username: 'bina', email: 'bina@example.com' }, digest]]);
  });

  it('mails nobody without an address, with e-mail turned off, or for an account that is gone', async () => {
    expect(await digestsFor(accountWith(null))).toEqual([]);
    expect(await digestsFor(accountWith('bina@example.com', { email: false }))).toEqual([]);
    expect(await digestsFor(null)).toEqual([]);
  });

  it('leaves message words out with message previews off, and keeps the rest', async () => {
    const [[, sent]] = await digestsFor(accountWith('bina@example.com', { messagePreview: false }));
    expect(sent.notifications.map((n) => n.content)).toEqual([PushText.hiddenPreview, 'From asha']);
  });
});
