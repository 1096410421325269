import { Type } from 'class-transformer';
import { IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { IsId, Optional } from '../../common/validation';
import { said } from '../../common/field-messages';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from '../search.constants';

const QUERY_LENGTH = said('search_query_length', { min: SEARCH_QUERY_MIN, max: SEARCH_QUERY_MAX });

/** GET /api/search/messages */
export class SearchMessagesQueryDto {
  @IsString(QUERY_LENGTH)
  @MinLength(SEARCH_QUERY_MIN, QUERY_LENGTH)
  @MaxLength(SEARCH_QUERY_MAX, QUERY_LENGTH)
  q: string;

  /** Results older than this message id (the next page). */
  @Optional() @Type(() => Number) @IsId() before?: number;
}

export class SearchMessagesRequestDto extends SearchMessagesQueryDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}
