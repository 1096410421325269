import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { RecoveryController } from './recovery.controller';

@Module({ controllers: [AuthController, RecoveryController] })
export class AuthModule {}
