import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, MaxLength } from 'class-validator';
import { said } from '../../common/field-messages';
import { SESSION_ID_PATTERN } from '../sessions.constants';
import { SESSION_KEY_PATTERN } from './auth.dto';

/** The person asking and the session they ask from ("This device", never ended by end-others). */
export class ListSessionsRequestDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
}

export class EndSessionRequestDto extends ListSessionsRequestDto {
  @IsString() @Matches(SESSION_ID_PATTERN, said('session_id')) sessionId: string;
}

/** The token of the link in a new-device mail. */
export class EndSessionByLinkDto {
  @IsString(said('session_link_invalid'))
  @MaxLength(512, said('session_link_invalid'))
  @Matches(/^[\w-]+\.[\w-]+$/, said('session_link_invalid'))
  token: string;
}
