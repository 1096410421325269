import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { SearchController } from './search.controller';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/** Full-text search over the messages each person may read. */
@Module({
  imports: [MessagesModule],
  controllers: [SearchController],
  providers: [SearchRepository, SearchService],
})
export class SearchModule {}
