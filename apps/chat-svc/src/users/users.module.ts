import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { ChatUsersRepository } from './users.repository';
import { ChatUsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [ChatUsersService, ChatUsersRepository],
  exports: [ChatUsersService],
})
export class UsersModule {}
