import { BaseEnv, loadEnv, POSTGRES_URL_PATTERN } from '@app/server';
import { Matches } from 'class-validator';

export class AuthEnv extends BaseEnv {
  @Matches(POSTGRES_URL_PATTERN, { message: 'AUTH_DATABASE_URL must look like postgres://user@host:5432/auth' })
  AUTH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/auth';
}

export const authEnv = () => loadEnv(AuthEnv);
