import type { CallType } from '../calls/calls.constants';
import { DEFAULT_LANGUAGE, type Language } from '../common/languages';
import { ModerationMessages, reportOutcomeMessage, type ReportOutcome } from '../moderation/moderation.constants';
import { NotificationText } from './notifications.constants';
import { PushText } from './push.constants';

/**
 * Everything the server says in a notification or a push, as functions of its facts. A
 * notification keeps the key and the facts (a NotificationWording), so it is worded in the
 * reader's language whenever it is read or pushed, and again after they change language.
 */
interface WordBook {
  messageFrom(p: { username: string }): string;
  mentionIn(p: { username: string; room: string }): string;
  mentionFrom(p: { username: string }): string;
  image(): string;
  gif(): string;
  voice(): string;
  missedCall(p: { buyer: string; callType: CallType }): string;
  missedCallContent(): string;
  applicationApproved(): string;
  applicationApprovedContent(): string;
  applicationRejected(): string;
  applicationRejectedContent(p: { reason: string | null }): string;
  reportOutcome(): string;
  /** What the moderators decided on a report, to the person who sent it. */
  reportOutcomeContent(p: { outcome: ReportOutcome }): string;
  /** A moderator's notices: `until`, an ISO time, written in the reader's way. */
  warning(): string;
  muted(p: { until: string }): string;
  muteReason(p: { reason: string }): string;
  warningContent(p: { reason: string | null }): string;
  vipGranted(): string;
  /** `until`: an ISO time, written in the reader's locale. */
  vipGrantedContent(p: { until: string }): string;
  vipRevoked(): string;
  vipRevokedContent(): string;
  vipExpiring(p: { until: string }): string;
  vipExpiringContent(): string;
  hiddenPreview(): string;
  incomingCall(p: { buyer: string; callType: CallType }): string;
  incomingCallBody(): string;
  /** The buttons of a ringing call's notification. */
  acceptCall(): string;
  declineCall(): string;
}

export type NotificationWordKey = keyof WordBook;

/** One thing said, as stored and sent between services: the key and the facts it is worded from. */
export type NotificationWording = {
  [K in NotificationWordKey]: Parameters<WordBook[K]> extends [infer Facts] ? { key: K; facts: Facts } : { key: K };
}[NotificationWordKey];

/** The English words are the spec's, kept where the services have always read them. */
const en: WordBook = {
  messageFrom: ({ username }) => NotificationText.messageFrom(username),
  mentionIn: ({ username, room }) => NotificationText.mentionIn(username, room),
  mentionFrom: ({ username }) => NotificationText.mentionFrom(username),
  image: () => NotificationText.image,
  gif: () => NotificationText.gif,
  voice: () => NotificationText.voice,
  missedCall: ({ buyer, callType }) => NotificationText.missedCall(buyer, callType),
  missedCallContent: () => NotificationText.missedCallContent,
  applicationApproved: () => NotificationText.applicationApproved,
  applicationApprovedContent: () => NotificationText.applicationApprovedContent,
  applicationRejected: () => NotificationText.applicationRejected,
  applicationRejectedContent: ({ reason }) => NotificationText.applicationRejectedContent(reason),
  reportOutcome: () => NotificationText.reportOutcome,
  reportOutcomeContent: ({ outcome }) => reportOutcomeMessage(outcome),
  warning: () => ModerationMessages.Warning,
  muted: ({ until }) => ModerationMessages.mutedNotice(until),
  muteReason: ({ reason }) => NotificationText.muteReason(reason),
  warningContent: ({ reason }) => NotificationText.warningContent(reason),
  vipGranted: () => NotificationText.vipGranted,
  vipGrantedContent: ({ until }) => NotificationText.vipGrantedContent(until),
  vipRevoked: () => NotificationText.vipRevoked,
  vipRevokedContent: () => NotificationText.vipRevokedContent,
  vipExpiring: ({ until }) => NotificationText.vipExpiring(until),
  vipExpiringContent: () => NotificationText.vipExpiringContent,
  hiddenPreview: () => PushText.hiddenPreview,
  incomingCall: ({ buyer, callType }) => PushText.incomingCall(buyer, callType),
  incomingCallBody: () => PushText.incomingCallBody,
  acceptCall: () => 'Accept',
  declineCall: () => 'Decline',
};

/** A time as the Hindi screens write it ("31 दिसंबर 2026, 18:30 UTC"), in UTC like the English words. */
const hindiTime = (iso: string) => {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
  const time = new Intl.DateTimeFormat('hi-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(at);
  return `${date}, ${time} UTC`;
};
const hindiCall = (callType: CallType) => (callType === 'video' ? 'वीडियो' : 'ऑडियो');

const hi: WordBook = {
  messageFrom: ({ username }) => `${username} का नया संदेश`,
  mentionIn: ({ username, room }) => `${username} ने ${room} में आपका ज़िक्र किया`,
  mentionFrom: ({ username }) => `${username} ने आपका ज़िक्र किया`,
  image: () => 'एक तस्वीर भेजी',
  gif: () => 'एक GIF भेजा',
  voice: () => 'एक वॉइस नोट भेजा',
  missedCall: ({ buyer, callType }) => `${buyer} की ${hindiCall(callType)} कॉल छूट गई`,
  missedCallContent: () => 'आप मौजूद नहीं थे, तब उन्होंने कॉल किया। अपनी चैट में उन्हें लिखें।',
  applicationApproved: () => 'आपका विशेषज्ञ आवेदन मंज़ूर हो गया',
  applicationApprovedContent: () => 'आपकी विशेषज्ञ प्रोफ़ाइल अब मार्केटप्लेस में दिख रही है।',
  applicationRejected: () => 'आपका विशेषज्ञ आवेदन मंज़ूर नहीं हुआ',
  applicationRejectedContent: ({ reason }) => (reason ? `कारण: ${reason}` : 'आप अपनी जानकारी बदलकर फिर से आवेदन कर सकते हैं।'),
  reportOutcome: () => 'आपकी रिपोर्ट पर अपडेट',
  reportOutcomeContent: ({ outcome }) =>
    outcome === 'dismissed'
      ? 'एक मॉडरेटर ने आपकी रिपोर्ट देखी और उसमें कम्युनिटी दिशानिर्देशों का कोई उल्लंघन नहीं पाया।'
      : 'एक मॉडरेटर ने आपकी रिपोर्ट देखी और कार्रवाई की। कम्युनिटी को सुरक्षित रखने में मदद के लिए धन्यवाद।',
  warning: () => 'एक मॉडरेटर ने आपको आपके व्यवहार के बारे में चेतावनी दी है',
  muted: ({ until }) => `एक मॉडरेटर ने आपको म्यूट किया है: आप ${hindiTime(until)} तक पब्लिक रूम पढ़ सकते हैं, पर उनमें लिख नहीं सकते`,
  muteReason: ({ reason }) => `कारण: ${reason}`,
  warningContent: ({ reason }) => `${reason ? `कारण: ${reason}। ` : ''}कृपया कम्युनिटी दिशानिर्देशों का पालन करें।`,
  vipGranted: () => 'अब आप VIP सदस्य हैं',
  vipGrantedContent: ({ until }) => `VIP ${hindiTime(until)} तक`,
  vipRevoked: () => 'आपकी VIP सदस्यता ख़त्म हो गई है',
  vipRevokedContent: () => 'एक मॉडरेटर ने इसे ख़त्म किया। कोई सवाल हो तो VIP डायलॉग से हमें लिखें।',
  vipExpiring: ({ until }) => `आपकी VIP सदस्यता ${hindiTime(until)} को ख़त्म होगी`,
  vipExpiringContent: () => 'अपनी सुविधाएँ बनाए रखने के लिए VIP डायलॉग से इसे रिन्यू करें।',
  hiddenPreview: () => 'पढ़ने के लिए चैट खोलें',
  incomingCall: ({ buyer, callType }) => `${buyer} की ${hindiCall(callType)} कॉल आ रही है`,
  incomingCallBody: () => 'जवाब देने के लिए उठाएँ पर टैप करें।',
  acceptCall: () => 'उठाएँ',
  declineCall: () => 'मना करें',
};

const books: Record<Language, WordBook> = { en, hi };

/** What `wording` says in `language` (English for a language without words of its own). */
export function wordIn(language: Language | null | undefined, wording: NotificationWording): string {
  const book = books[language ?? DEFAULT_LANGUAGE] ?? en;
  return (book[wording.key] as (facts?: unknown) => string)('facts' in wording ? wording.facts : undefined);
}
