import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatPatterns, LinkPreviewRequestDto, PreviewImagesDto } from '@app/contracts';
import { LinkPreviewsService } from './link-previews.service';

@Controller()
export class LinkPreviewsController {
  constructor(private readonly previews: LinkPreviewsService) {}

  @MessagePattern(ChatPatterns.RemoveLinkPreview)
  remove(@Payload() dto: LinkPreviewRequestDto) {
    return this.previews.remove(dto);
  }

  @MessagePattern(ChatPatterns.LinkPreviewImagesInUse)
  async imagesInUse(@Payload() dto: PreviewImagesDto): Promise<PreviewImagesDto> {
    return { urls: await this.previews.imagesInUse(dto.urls) };
  }
}
