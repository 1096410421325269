import 'reflect-metadata';
import { ServiceName } from '@app/contracts';
import { bootstrapService } from '@app/server';
import { AppModule } from './app.module';
import { marketplaceEnv } from './config/marketplace-env';

void bootstrapService(ServiceName.Marketplace, AppModule, marketplaceEnv()).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
