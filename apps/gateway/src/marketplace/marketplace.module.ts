import { Module } from '@nestjs/common';
import { LocaleController } from './locale.controller';
import { SellersController } from './sellers.controller';

@Module({ controllers: [SellersController, LocaleController] })
export class MarketplaceModule {}
