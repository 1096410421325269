import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/blocks.module';
import { MentionsRepository } from './mentions.repository';
import { MentionsService } from './mentions.service';

@Module({
  imports: [BlocksModule],
  providers: [MentionsRepository, MentionsService],
  exports: [MentionsService],
})
export class MentionsModule {}
