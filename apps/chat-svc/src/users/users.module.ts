import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { ChatUsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [ChatUsersService],
  exports: [ChatUsersService],
})
export class UsersModule {}
