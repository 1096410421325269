import { Module } from '@nestjs/common';
import { AccountDeletionController } from './account-deletion.controller';
import { UsersController } from './users.controller';

@Module({ controllers: [UsersController, AccountDeletionController] })
export class UsersModule {}
