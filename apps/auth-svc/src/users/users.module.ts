import { Module } from '@nestjs/common';
import { ContentFilter, parseWordList } from '@app/server';
import { AuthEnv } from '../config/auth-env';
import { GuestPurge } from './guest-purge';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [
    UsersService,
    UsersRepository,
    GuestPurge,
    { provide: ContentFilter, inject: [AuthEnv], useFactory: (env: AuthEnv) => new ContentFilter(parseWordList(env.CONTENT_FILTER_EXTRA_WORDS)) },
  ],
  exports: [UsersService],
})
export class UsersModule {}
