import 'reflect-metadata';
import { createMediaService, startMediaService } from './bootstrap';

void createMediaService()
  .then(startMediaService)
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
