import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, MaxLength, Min } from 'class-validator';
import { said } from '../common/field-messages';

export * from './data-export.constants';

/**
 * "Download my data": media-svc gathers each service's part of a person's data over NATS,
 * zips it with their uploaded files and keeps the zip in its bucket for a week.
 */
export const DataExportPatterns = {
  /** UserIdDto -> DataExportStatusDto (state asked); 429 with details.retryAfterSeconds and nextAskAt within a day of the last */
  Ask: 'media.export.ask',
  /** UserIdDto -> DataExportStatusDto of the latest export */
  Status: 'media.export.status',
  /** UserIdDto -> AccountExportDto: profile and settings, from auth-svc */
  Account: 'auth.export.account',
  /** ChatExportPageRequestDto -> DataExportPageDto: rooms, messages, reports, notifications, a page at a time */
  ChatPage: 'chat.export.page',
  /** MarketplaceExportPageRequestDto -> DataExportPageDto: seller profile, reviews, calls, a page at a time */
  MarketplacePage: 'marketplace.export.page',
} as const;

export const DataExportEvents = {
  /** DataExportReadyEvent: auth-svc mails the owner the link. */
  Ready: 'media.export.ready',
} as const;

/** One export a person per this long (the ask that failed does not count). */
export const DATA_EXPORT_INTERVAL_SECONDS = 24 * 60 * 60;
/** How long a finished zip is kept, and its link works. */
export const DATA_EXPORT_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A job still "asked" after this long was lost (a restart): it may be asked again. */
export const DATA_EXPORT_STALE_SECONDS = 60 * 60;
/** Rows a service answers per page: a page of long messages stays well under NATS's 1 MB. */
export const DATA_EXPORT_PAGE_SIZE = 100;

export const CHAT_EXPORT_PARTS = ['rooms', 'messages', 'reports', 'notifications'] as const;
export type ChatExportPart = (typeof CHAT_EXPORT_PARTS)[number];
export const MARKETPLACE_EXPORT_PARTS = ['seller', 'reviews', 'calls'] as const;
export type MarketplaceExportPart = (typeof MARKETPLACE_EXPORT_PARTS)[number];

/** The download link's token: `<export id>.<expiry, seconds>.<HMAC-SHA256, base64url>`. */
export const DATA_EXPORT_TOKEN_PATTERN = /^[0-9a-f-]{36}\.\d{1,12}\.[\w-]{43}$/;
export const DATA_EXPORT_DOWNLOAD_PATH = '/api/users/me/export/download';

export class ExportPageRequestDto {
  @Type(() => Number) @IsInt() userId: number;
  /** Rows after this id (0 from the start). */
  @Type(() => Number) @IsInt() @Min(0) after: number;
}

export class ChatExportPageRequestDto extends ExportPageRequestDto {
  @IsIn(CHAT_EXPORT_PARTS) part: ChatExportPart;
}

export class MarketplaceExportPageRequestDto extends ExportPageRequestDto {
  @IsIn(MARKETPLACE_EXPORT_PARTS) part: MarketplaceExportPart;
}

/** A page of rows as plain JSON; `next` is the `after` of the following page, null at the end. */
export interface DataExportPageDto {
  items: Record<string, unknown>[];
  next: number | null;
}

/** The account's own record, with nothing secret (no password hash, no two-step secret). */
export type AccountExportDto = Record<string, unknown>;

export class DataExportDownloadQueryDto {
  @IsString(said('export_link_invalid'))
  @MaxLength(128, said('export_link_invalid'))
  @Matches(DATA_EXPORT_TOKEN_PATTERN, said('export_link_invalid'))
  token: string;
}

export type DataExportState = 'none' | 'asked' | 'ready' | 'failed' | 'expired';

/** What Settings shows of a person's latest export. */
export interface DataExportStatusDto {
  state: DataExportState;
  askedAt: string | null;
  readyAt: string | null;
  /** When the zip and its link stop working (ready only). */
  expiresAt: string | null;
  /** The signed download address (ready only). */
  downloadUrl: string | null;
  /** When another export may be asked; null: now. */
  nextAskAt: string | null;
}

export interface DataExportReadyEvent {
  userId: number;
  downloadUrl: string;
  expiresAt: string;
}

/** Headers the gateway sends media-svc's internal download route: whose session asks. */
export const DataExportHeaders = { UserId: 'x-export-user-id' } as const;
