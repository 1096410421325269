import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MediaPatterns, VerifyMediaObjectDto, type MediaObjectVerification } from '@app/contracts';
import { MediaObjectsService } from './media-objects.service';

@Controller()
export class MediaObjectsController {
  constructor(private readonly objects: MediaObjectsService) {}

  @MessagePattern(MediaPatterns.VerifyObject)
  verify(@Payload() dto: VerifyMediaObjectDto): Promise<MediaObjectVerification> {
    return this.objects.verify(dto.url, dto.purpose);
  }
}
