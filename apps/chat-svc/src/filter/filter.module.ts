import { Module } from '@nestjs/common';
import { ContentFilter, parseWordList } from '@app/server';
import { ChatEnv } from '../config/chat-env';

/** One content filter per process: building its matcher is the costly part. */
@Module({
  providers: [{ provide: ContentFilter, inject: [ChatEnv], useFactory: (env: ChatEnv) => new ContentFilter(parseWordList(env.CONTENT_FILTER_EXTRA_WORDS)) }],
  exports: [ContentFilter],
})
export class FilterModule {}
