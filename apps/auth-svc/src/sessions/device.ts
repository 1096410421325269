import type { DeviceType } from '@app/contracts';
import Bowser from 'bowser';
import type { SessionDevice } from './session.store';

const DEVICE_TYPES: readonly string[] = ['desktop', 'mobile', 'tablet', 'tv'] satisfies DeviceType[];

/** What a User-Agent says the browser is: "Chrome", "Windows", "desktop"; nulls where it says nothing. */
export function describeDevice(userAgent: string | undefined): SessionDevice {
  if (!userAgent) return { browser: null, os: null, type: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  return {
    browser: browser.name?.slice(0, 40) || null,
    os: os.name?.slice(0, 40) || null,
    type: platform.type && DEVICE_TYPES.includes(platform.type) ? (platform.type as DeviceType) : null,
  };
}
