import { Module } from '@nestjs/common';
import { MutesRepository } from './mutes.repository';
import { MutesService } from './mutes.service';

@Module({ providers: [MutesRepository, MutesService], exports: [MutesRepository, MutesService] })
export class MutesModule {}
