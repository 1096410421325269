/**
 * What the worker asks an open tab of the app: to show a page in place (wouter's navigation, no
 * reload), answered on the message's port so the worker knows the tab did it.
 */
export const OPEN_IN_APP = 'open-in-app';

export interface OpenInAppMessage {
  type: typeof OPEN_IN_APP;
  path: string;
}

export function isOpenInAppMessage(data: unknown): data is OpenInAppMessage {
  const message = data as Partial<OpenInAppMessage> | null;
  return message?.type === OPEN_IN_APP && typeof message.path === 'string' && message.path.startsWith('/') && !message.path.startsWith('//');
}
