import { Module } from '@nestjs/common';
import { BlockEventsController } from './block-events.controller';
import { BlocksController } from './blocks.controller';

/** REST for the block list, and the block events that keep each gateway's live filter current (HiddenSenders, in the realtime module). */
@Module({ controllers: [BlocksController, BlockEventsController] })
export class BlocksModule {}
