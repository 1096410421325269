import { Type } from 'class-transformer';
import { IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { IsId } from '../../common/validation';
import { MESSAGE_MAX } from '../chat.constants';

/** PATCH /api/messages/:id: the new words of one's own text message. */
export class EditMessageDto {
  @IsString({ message: 'Message cannot be empty' })
  @Matches(/\S/, { message: 'Message cannot be empty' })
  @MaxLength(MESSAGE_MAX, { message: `Message must be at most ${MESSAGE_MAX} characters` })
  content: string;
}

export class EditMessageRequestDto extends EditMessageDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() messageId: number;
}

/** DELETE /api/messages/:id: one's own message, at any time. */
export class DeleteMessageRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() messageId: number;
}
