import { Type } from 'class-transformer';
import { IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { IsId, Optional } from '../../common/validation';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, SearchMessages } from '../search.constants';

/** GET /api/search/messages */
export class SearchMessagesQueryDto {
  @IsString({ message: SearchMessages.QueryLength })
  @MinLength(SEARCH_QUERY_MIN, { message: SearchMessages.QueryLength })
  @MaxLength(SEARCH_QUERY_MAX, { message: SearchMessages.QueryLength })
  q: string;

  /** Results older than this message id (the next page). */
  @Optional() @Type(() => Number) @IsId() before?: number;
}

export class SearchMessagesRequestDto extends SearchMessagesQueryDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}
