import { Type } from 'class-transformer';
import { IsString, MaxLength, Validate, ValidateNested, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { isSingleEmoji } from '../../common/emoji-text';
import { IsId } from '../../common/validation';
import { fieldText, said } from '../../common/field-messages';
import { IsMessageContent } from './chat.dto';

@ValidatorConstraint({ name: 'singleEmoji' })
class SingleEmoji implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isSingleEmoji(value);
  }
  defaultMessage(): string {
    return fieldText('reaction_emoji');
  }
}

/** PATCH /api/messages/:id: the new words of one's own text message. */
export class EditMessageDto {
  @IsMessageContent()
  content: string;
}

export class EditMessageRequestDto extends EditMessageDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() messageId: number;
}

/** PUT and DELETE /api/messages/:id/reactions/:emoji: one's own reaction on a message one can write in. */
export class ReactionRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() messageId: number;
  @IsString(said('reaction_emoji'))
  @MaxLength(32, said('reaction_emoji'))
  @Validate(SingleEmoji, said('reaction_emoji'))
  emoji: string;
}

/** DELETE /api/messages/:id: one's own message, at any time. */
export class DeleteMessageRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() messageId: number;
}

/** DELETE /api/messages/:id/preview: the sender removes their message's link preview. */
export class LinkPreviewRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() messageId: number;
}

/** PUT and DELETE /api/messages/:id/pin: a room's owner or a moderator pins or unpins one of its messages. */
export class PinRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() messageId: number;
}
