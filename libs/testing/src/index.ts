export * from './test-infra';
export * from './captcha';
export * from './iso-box';
