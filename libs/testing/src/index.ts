export * from './test-infra';
export * from './eventually';
export * from './fixtures';
export * from './captcha';
export * from './iso-box';
export * from './mail-catcher';
export * from './manual-clock';
export * from './voice-notes';
