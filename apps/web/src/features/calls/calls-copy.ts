import type { CallEndReason, CallType } from '@app/contracts';
import { PLATFORM_COMMISSION_PERCENT } from '@app/contracts/browser';
import callsEnglish from '@/i18n/catalogues/en/calls.json';
import { addEnglish, t, type MessageId } from '@/i18n/i18n';
import { spoken, withValues } from '@/i18n/spoken';

// The call screens speak through their catalogues (src/i18n/catalogues/*/calls.json); the English
// comes with the code that shows it.
addEnglish(callsEnglish);

/** Every word the call screens show; the spec's own (Audio Call, Video Call, /min) where it has any. */
export const CALLS_TEXT = spoken({
  perMinute: 'calls.perMinute',
  callType: { audio: 'calls.callType.audio', video: 'calls.callType.video' } satisfies Record<CallType, MessageId>,
  callTypeShort: { audio: 'calls.callTypeShort.audio', video: 'calls.callTypeShort.video' } satisfies Record<CallType, MessageId>,
  startTypedCall: (type: CallType) => t('calls.startTypedCall', { type }),
  starting: 'calls.starting',
  cannotCallTitle: 'calls.cannotCallTitle',
  startFailed: 'calls.startFailed',

  incoming: (type: CallType) => t('calls.incoming', { type }),
  incomingFrom: (name: string, type: CallType) => t('calls.incomingFrom', { name, type }),
  incomingPrice: (price: string) => t('calls.incomingPrice', { price }),
  accept: 'calls.accept',
  decline: 'calls.decline',
  accepting: 'calls.accepting',
  notificationTitle: (name: string) => t('calls.notificationTitle', { name }),
  notificationBody: (type: CallType) => t('calls.notificationBody', { type }),
  answerFailed: 'calls.answerFailed',
  declineFailed: 'calls.declineFailed',

  calling: 'calls.calling',
  connecting: 'calls.connecting',
  reconnecting: 'calls.reconnecting',
  ending: 'calls.ending',
  connected: 'calls.connected',
  cancel: 'calls.cancel',
  hangUp: 'calls.hangUp',
  mute: 'calls.mute',
  unmute: 'calls.unmute',
  cameraOff: 'calls.cameraOff',
  cameraOn: 'calls.cameraOn',
  you: 'calls.you',
  cameraIsOff: 'calls.cameraIsOff',
  micIsOff: 'calls.micIsOff',
  elapsed: 'calls.elapsed',
  runningCost: 'calls.runningCost',
  runningEarning: 'calls.runningEarning',
  price: (price: string) => t('calls.price', { price }),
  endFailed: 'calls.endFailed',
  noWebRtc: 'calls.noWebRtc',
  connectionLost: 'calls.connectionLost',

  media: {
    blocked: (type: CallType) => t('calls.media.blocked', { type }),
    missing: (type: CallType) => t('calls.media.missing', { type }),
    busy: 'calls.media.busy',
    unavailable: 'calls.media.unavailable',
  },
  mediaProblemTitle: 'calls.mediaProblemTitle',

  inProgressTitle: 'calls.inProgressTitle',
  inProgress: (name: string) => t('calls.inProgress', { name }),
  endCall: 'calls.endCall',

  summaryTitle: 'calls.summaryTitle',
  reasons: {
    completed: 'calls.reasons.completed',
    declined: 'calls.reasons.declined',
    missed: 'calls.reasons.missed',
    cancelled: 'calls.reasons.cancelled',
    failed: 'calls.reasons.failed',
    dropped: 'calls.reasons.dropped',
  } satisfies Record<CallEndReason, MessageId>,
  reasonHints: {
    declined: 'calls.reasonHints.declined',
    missed: 'calls.reasonHints.missed',
    cancelled: 'calls.reasonHints.cancelled',
    failed: 'calls.reasonHints.failed',
    dropped: 'calls.reasonHints.dropped',
  } satisfies Record<Exclude<CallEndReason, 'completed'>, MessageId>,
  sellerReasonHints: {
    declined: 'calls.sellerReasonHints.declined',
    missed: 'calls.sellerReasonHints.missed',
    cancelled: 'calls.sellerReasonHints.cancelled',
    failed: 'calls.sellerReasonHints.failed',
    dropped: 'calls.sellerReasonHints.dropped',
  } satisfies Record<Exclude<CallEndReason, 'completed'>, MessageId>,
  notCharged: 'calls.notCharged',
  noEarning: 'calls.noEarning',
  duration: 'calls.duration',
  amount: 'calls.amount',
  charged: 'calls.charged',
  callCharge: 'calls.callCharge',
  commission: withValues('calls.commission', { percent: PLATFORM_COMMISSION_PERCENT }),
  earning: 'calls.earning',
  with: 'calls.with',
  close: 'calls.close',
  viewCalls: 'calls.viewCalls',
  reviewPrompt: (name: string) => t('calls.reviewPrompt', { name }),
  paymentNote: 'calls.paymentNote',
  unconfirmed: 'calls.unconfirmed',

  pageTitle: 'calls.pageTitle',
  pageSubtitle: 'calls.pageSubtitle',
  authDescription: 'calls.authDescription',
  historyTitle: 'calls.historyTitle',
  loading: 'calls.loading',
  loadFailed: 'calls.loadFailed',
  retry: 'calls.retry',
  empty: 'calls.empty',
  emptyHint: 'calls.emptyHint',
  loadMore: 'calls.loadMore',
  columns: { with: 'calls.columns.with', type: 'calls.columns.type', started: 'calls.columns.started', duration: 'calls.columns.duration', amount: 'calls.columns.amount', earning: 'calls.columns.earning', ended: 'calls.columns.ended' },
  incomingLabel: 'calls.incomingLabel',
  outgoingLabel: 'calls.outgoingLabel',
  open: 'calls.open',
  earningsTitle: 'calls.earningsTitle',
  earningsHint: withValues('calls.earningsHint', { percent: PLATFORM_COMMISSION_PERCENT }),
  earningsEmpty: 'calls.earningsEmpty',
  earningsColumns: { month: 'calls.earningsColumns.month', calls: 'calls.earningsColumns.calls', time: 'calls.earningsColumns.time', gross: 'calls.earningsColumns.gross', commission: 'calls.earningsColumns.commission', earning: 'calls.earningsColumns.earning' },
  total: 'calls.total',
  alertsTitle: 'calls.alertsTitle',
  alertsBody: 'calls.alertsBody',
  alertsEnable: 'calls.alertsEnable',
  alertsDenied: 'calls.alertsDenied',

  acceptLinkExpired: 'calls.acceptLinkExpired',
  offerTitle: 'calls.offerTitle',
  offerBody: 'calls.offerBody',
  offerEnable: 'calls.offerEnable',
  offerEnabling: 'calls.offerEnabling',
  offerDone: 'calls.offerDone',
});

/** Whether this browser was offered call alerts after a call already: it is offered once. */
export const CALL_ALERTS_OFFERED_KEY = 'call-alerts-offered';
