import { Module } from '@nestjs/common';
import { GuestPurge } from './guest-purge';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [UsersService, GuestPurge],
  exports: [UsersService],
})
export class UsersModule {}
