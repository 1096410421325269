import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { BlocksController } from './blocks.controller';
import { BlocksRepository } from './blocks.repository';
import { BlocksService } from './blocks.service';

@Module({
  imports: [UsersModule],
  controllers: [BlocksController],
  providers: [BlocksRepository, BlocksService],
  exports: [BlocksService, BlocksRepository],
})
export class BlocksModule {}
