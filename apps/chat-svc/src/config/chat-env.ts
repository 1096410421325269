import { FLOOD_LIMIT, PRIVATE_CHATS_PER_HOUR, PUBLIC_ROOMS_PER_DAY } from '@app/contracts';
import { BaseEnv, EmptyInProduction, EXTRA_WORDS_PATTERN, ORIGIN_LIST_PATTERN, appConfig, POSTGRES_URL_PATTERN } from '@app/server';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Min, ValidateIf } from 'class-validator';

export class ChatEnv extends BaseEnv {
  @Matches(POSTGRES_URL_PATTERN, { message: 'CHAT_DATABASE_URL must look like postgres://user@host:5432/chat' })
  CHAT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/chat';

  /** Words the content filter treats as offensive beside its own list, comma separated. */
  @Matches(EXTRA_WORDS_PATTERN, { message: 'CONTENT_FILTER_EXTRA_WORDS must be words (letters, digits, spaces) separated by commas' })
  CONTENT_FILTER_EXTRA_WORDS = '';

  /** Public rooms one person may create per rolling day (moderators are not counted). */
  @Type(() => Number)
  @IsInt({ message: 'PUBLIC_ROOMS_PER_USER_PER_DAY must be a whole number' })
  @Min(1)
  PUBLIC_ROOMS_PER_USER_PER_DAY = PUBLIC_ROOMS_PER_DAY;

  /** New private chats one person may start per rolling hour. */
  @Type(() => Number)
  @IsInt({ message: 'PRIVATE_CHATS_PER_USER_PER_HOUR must be a whole number' })
  @Min(1)
  PRIVATE_CHATS_PER_USER_PER_HOUR = PRIVATE_CHATS_PER_HOUR;

  /**
   * The flood guard: messages one person may send per 10 s, whatever their role. A load test
   * raises it to find the system's ceiling rather than the guard's.
   */
  @Type(() => Number)
  @IsInt({ message: 'MESSAGES_PER_USER_PER_10_SECONDS must be a whole number' })
  @Min(1)
  MESSAGES_PER_USER_PER_10_SECONDS = FLOOD_LIMIT;

  /**
   * How long a person whose gateway shut down (a restart) stays listed while their browser
   * reconnects: back within it, nobody hears of them leaving or coming back. The web client's
   * attempts come 1, 3, 7, 15 and 31 s after the close, and at a restart of a gateway holding
   * thousands of sockets the last of them wait their turn longer than that, connected.
   */
  @Type(() => Number)
  @IsInt({ message: 'PRESENCE_RESTART_GRACE_MS must be a whole number of milliseconds' })
  @Min(0, { message: 'PRESENCE_RESTART_GRACE_MS must be at least 0' })
  PRESENCE_RESTART_GRACE_MS = 60_000;

  /** How often chat-svc looks for people due an e-mail digest of unread notifications. */
  @Type(() => Number)
  @IsInt({ message: 'NOTIFICATION_DIGEST_SWEEP_MS must be a whole number of milliseconds' })
  @Min(50, { message: 'NOTIFICATION_DIGEST_SWEEP_MS must be at least 50' })
  NOTIFICATION_DIGEST_SWEEP_MS = 60_000;

  /** A notification goes into a digest once it has stayed unread this long (the person may be reading it right away). */
  @Type(() => Number)
  @IsInt({ message: 'NOTIFICATION_DIGEST_DELAY_SECONDS must be a whole number of seconds' })
  @Min(0, { message: 'NOTIFICATION_DIGEST_DELAY_SECONDS must be at least 0' })
  NOTIFICATION_DIGEST_DELAY_SECONDS = 600;

  /**
   * The VAPID key pair push services know our notifications by (base64url, as web-push makes
   * them). `npm start` and compose generate it once and keep it; empty leaves push off.
   */
  @ValidateIf((env: ChatEnv) => env.VAPID_PUBLIC_KEY !== '' || env.VAPID_PRIVATE_KEY !== '')
  @Matches(/^[A-Za-z0-9_-]{87}$/, { message: 'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters), set with VAPID_PRIVATE_KEY' })
  VAPID_PUBLIC_KEY = '';

  @ValidateIf((env: ChatEnv) => env.VAPID_PUBLIC_KEY !== '' || env.VAPID_PRIVATE_KEY !== '')
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters), set with VAPID_PUBLIC_KEY' })
  VAPID_PRIVATE_KEY = '';

  /** Whom a push service may contact about our notifications: a mailto: or https: address of the operator. */
  @Matches(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'VAPID_SUBJECT must be a mailto: or https: address' })
  VAPID_SUBJECT = 'mailto:operator@chatmarket.invalid';

  /** A file of PEM certificates to trust for push services beside the system's (an on-premise push service). */
  @IsOptional()
  @IsString()
  PUSH_CA_FILE = '';

  /**
   * Push service origins allowed on a private or loopback address, comma separated
   * (https://push.internal:8443). Every other push service must resolve to public addresses.
   */
  @Matches(/^(https:\/\/[^\s,/]+(,https:\/\/[^\s,/]+)*)?$/, { message: 'PUSH_PRIVATE_ORIGINS must be https origins separated by commas, or empty' })
  PUSH_PRIVATE_ORIGINS = '';

  /**
   * For tests only, empty in production: origins (http://127.0.0.1:4010) link previews may fetch
   * from although they are on a private or loopback address, the tests' local site. Every other
   * link is fetched only from public addresses.
   */
  @EmptyInProduction()
  @Matches(ORIGIN_LIST_PATTERN, { message: 'LINK_PREVIEW_PRIVATE_ORIGINS must be http or https origins separated by commas, or empty' })
  LINK_PREVIEW_PRIVATE_ORIGINS = '';
}

export const chatEnv = appConfig(ChatEnv);
