import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatchUpRequestDto, ChatPatterns, DeleteMessageRequestDto, EditMessageRequestDto, ListMessagesRequestDto, ReactionRequestDto, RecentMessagesRequestDto, SendMessageRequestDto } from '@app/contracts';
import { MessagesService } from './messages.service';

@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @MessagePattern(ChatPatterns.SendMessage)
  send(@Payload() dto: SendMessageRequestDto) {
    return this.messages.send(dto);
  }

  @MessagePattern(ChatPatterns.EditMessage)
  edit(@Payload() dto: EditMessageRequestDto) {
    return this.messages.edit(dto);
  }

  @MessagePattern(ChatPatterns.DeleteMessage)
  delete(@Payload() dto: DeleteMessageRequestDto) {
    return this.messages.delete(dto);
  }

  @MessagePattern(ChatPatterns.React)
  react(@Payload() dto: ReactionRequestDto) {
    return this.messages.react(dto, true);
  }

  @MessagePattern(ChatPatterns.Unreact)
  unreact(@Payload() dto: ReactionRequestDto) {
    return this.messages.react(dto, false);
  }

  @MessagePattern(ChatPatterns.ListMessages)
  list(@Payload() dto: ListMessagesRequestDto) {
    return this.messages.list(dto);
  }

  @MessagePattern(ChatPatterns.RecentMessages)
  recent(@Payload() dto: RecentMessagesRequestDto) {
    return this.messages.recent(dto.limit);
  }

  @MessagePattern(ChatPatterns.CatchUp)
  catchUp(@Payload() dto: CatchUpRequestDto) {
    return this.messages.catchUp(dto.roomId, dto.afterSeq, dto.limit);
  }
}
