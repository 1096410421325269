import 'reflect-metadata';
import { ServiceName } from '@app/contracts';
import { bootstrapService } from '@app/server';
import { AppModule } from './app.module';
import { chatEnv } from './config/chat-env';

void bootstrapService(ServiceName.Chat, AppModule, chatEnv()).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
