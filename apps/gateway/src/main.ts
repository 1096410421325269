import 'reflect-metadata';
import { bootstrapGateway } from './bootstrap';

void bootstrapGateway().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
