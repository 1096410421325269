import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MediaPatterns, StorePreviewImageDto, type PreviewImageDto } from '@app/contracts';
import { PreviewImagesService } from './preview-images.service';

@Controller()
export class PreviewImagesController {
  constructor(private readonly images: PreviewImagesService) {}

  @MessagePattern(MediaPatterns.StorePreviewImage)
  store(@Payload() dto: StorePreviewImageDto): Promise<PreviewImageDto> {
    return this.images.store(dto.url);
  }
}
