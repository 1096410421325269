export * from './errors';
export * from './health';
export * from './common/user';
export * from './ws-frames';
export * from './auth/auth.constants';
export * from './auth/auth.patterns';
export * from './auth/auth.events';
export * from './auth/dto/auth.dto';
