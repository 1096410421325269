export * from './test-infra';
export * from './captcha';
