import 'reflect-metadata';
import { ServiceName } from '@app/contracts';
import { bootstrapService } from '@app/server';
import { AppModule } from './app.module';
import { authEnv } from './config/auth-env';

void bootstrapService(ServiceName.Auth, AppModule, authEnv()).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
