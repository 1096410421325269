import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { RecoveryController } from './recovery.controller';
import { TwoStepController } from './two-step.controller';

@Module({ controllers: [AuthController, RecoveryController, TwoStepController] })
export class AuthModule {}
