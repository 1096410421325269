import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/blocks.module';
import { FilterModule } from '../filter/filter.module';
import { LimitsModule } from '../limits/limits.module';
import { UsersModule } from '../users/users.module';
import { ContactRules } from './contact-rules';
import { ContactsRepository } from './contacts.repository';
import { CreationLimits } from './creation-limits';

/** The safety rules rooms and messages apply: contact between people, creation limits, the content filter. */
@Module({
  imports: [UsersModule, BlocksModule, LimitsModule, FilterModule],
  providers: [ContactRules, ContactsRepository, CreationLimits],
  exports: [ContactRules, CreationLimits, FilterModule, BlocksModule],
})
export class SafetyModule {}
