/** Settings fixed at build time (see vite.config.ts). Tests define __APP_CONFIG__ themselves. */
export interface AppConfig {
  whatsappNumber: string;
  randomChatUrl: string;
  supportEmail: string;
  safetyEmail: string;
  socialLinks: { twitter: string; instagram: string; facebook: string };
}

declare const __APP_CONFIG__: AppConfig;

export const env: AppConfig = __APP_CONFIG__;

export { APP_NAME } from '@app/contracts/browser';
