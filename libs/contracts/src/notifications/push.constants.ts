import type { CallType } from '../calls/calls.constants';

/** Devices one person may have subscribed at once; a new one past this replaces the least recently used. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;
export const PUSH_ENDPOINT_MAX = 2048;

export const PushText = {
  notFound: 'Device not found',
  notYours: 'This device belongs to someone else',
  endpointRefused: 'endpoint must be the https address of a push service',
  notSetUp: 'Push notifications are not set up on this server',
  /** The body of a message's push when the person turned message previews off. */
  hiddenPreview: 'Open the chat to read it',
  incomingCall: (buyer: string, callType: CallType) => `Incoming ${callType} call from ${buyer}`,
  incomingCallBody: 'Tap Accept to answer.',
} as const;
