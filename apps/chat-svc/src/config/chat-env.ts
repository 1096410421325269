import { BaseEnv, appConfig, POSTGRES_URL_PATTERN } from '@app/server';
import { Matches } from 'class-validator';

export class ChatEnv extends BaseEnv {
  @Matches(POSTGRES_URL_PATTERN, { message: 'CHAT_DATABASE_URL must look like postgres://user@host:5432/chat' })
  CHAT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/chat';
}

export const chatEnv = appConfig(ChatEnv);
