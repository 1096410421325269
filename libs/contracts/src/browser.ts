/**
 * The contracts' plain values (limits, labels, palettes, messages) for the web app to import
 * at run time. Nothing here carries decorators, so class-validator stays out of the bundle;
 * DTO classes are imported by the web app as types only, from `@app/contracts`.
 */
export * from './auth/auth.constants';
export * from './auth/recovery.constants';
export * from './auth/two-step.constants';
export * from './auth/passkeys.constants';
export * from './auth/sessions.constants';
export * from './auth/account-deletion.constants';
export * from './auth/oidc.constants';
export * from './vip/vip.constants';
export * from './vip/vip-price';
export * from './common/user';
export * from './common/languages';
export * from './common/policy';
export * from './common/emoji-text';
export * from './common/field-messages';
export * from './chat/chat.constants';
export * from './chat/search.constants';
export * from './chat/typing.frames';
export * from './chat/mentions';
export * from './chat/links';
export * from './chat/link-previews';
export * from './chat/quote';
export * from './marketplace/marketplace.constants';
export * from './marketplace/currency';
export * from './marketplace/seller-checks';
export * from './media/media-keys';
export * from './media/media.constants';
export * from './errors';
export * from './web/app-routes';
export * from './web/page-heads';
export * from './calls/calls.constants';
export * from './calls/call-billing';
export * from './safety/safety.constants';
export * from './moderation/moderation.constants';
export * from './notifications/notifications.constants';
export * from './connected-sockets';
