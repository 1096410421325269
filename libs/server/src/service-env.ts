import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy, type ValidationArguments } from 'class-validator';

/** Variables every process reads. Each app extends this with its own. */
export class BaseEnv {
  @Matches(/^nats:\/\/[^,\s]+(,\s*nats:\/\/[^,\s]+)*$/, { message: 'NATS_URL must look like nats://host:port, or a comma-separated list of them' })
  NATS_URL = 'nats://127.0.0.1:4222';

  @Matches(/^(rediss?|redis\+sentinel):\/\/.+/, { message: 'REDIS_URL must look like redis://host:port/db or redis+sentinel://:password@host:26379,host:26379/master/db' })
  REDIS_URL = 'redis://127.0.0.1:6379/0';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Where Prometheus scrapes GET /metrics (a port of its own, for the operators' network); 0 keeps metrics off. */
  @Type(() => Number)
  @IsInt({ message: 'METRICS_PORT must be a whole number' })
  @Min(0)
  @Max(65535)
  METRICS_PORT = 0;

  /** Names this process in health reports and presence; host name and pid when unset. */
  @IsOptional()
  @IsString()
  INSTANCE_ID?: string;

  /** production turns off what exists for development and tests (demo secrets, test-only allow-lists). */
  @IsIn(['development', 'test', 'production'], { message: 'NODE_ENV must be development, test or production' })
  NODE_ENV = 'development';
}

/** For a variable that exists for tests alone: a value in production stops the app, naming it. */
export function EmptyInProduction(): PropertyDecorator {
  return ValidateBy({
    name: 'emptyInProduction',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => (args?.object as BaseEnv).NODE_ENV !== 'production' || !value,
      defaultMessage: (args?: ValidationArguments) => `${args?.property} is for tests only and must be empty in production`,
    },
  });
}

export const POSTGRES_URL_PATTERN = /^postgres(ql)?:\/\/.+\/[a-zA-Z0-9_]+$/;

/** Reads "true"/"false" from the environment (implicit conversion would make "false" true). */
export function EnvBoolean(): PropertyDecorator {
  return Transform(({ obj, key }) => {
    const raw = obj[key];
    if (raw === undefined || raw === '') return undefined;
    if (raw === true || raw === 'true' || raw === '1') return true;
    if (raw === false || raw === 'false' || raw === '0') return false;
    return raw;
  });
}
