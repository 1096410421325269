import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, MaxLength } from 'class-validator';
import { SESSION_ID_PATTERN, SessionMessages } from '../sessions.constants';
import { SESSION_KEY_PATTERN } from './auth.dto';

/** The person asking and the session they ask from ("This device", never ended by end-others). */
export class ListSessionsRequestDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
}

export class EndSessionRequestDto extends ListSessionsRequestDto {
  @IsString() @Matches(SESSION_ID_PATTERN, { message: 'id must be a session id (32 hexadecimal characters)' }) sessionId: string;
}

/** The token of the link in a new-device mail. */
export class EndSessionByLinkDto {
  @IsString({ message: SessionMessages.linkInvalid })
  @MaxLength(512, { message: SessionMessages.linkInvalid })
  @Matches(/^[\w-]+\.[\w-]+$/, { message: SessionMessages.linkInvalid })
  token: string;
}
