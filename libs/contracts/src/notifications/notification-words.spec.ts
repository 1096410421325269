import 'reflect-metadata';
import { LANGUAGES } from '../common/languages';
import { ModerationMessages } from '../moderation/moderation.constants';
import { NotificationText } from './notifications.constants';
import { wordIn, type NotificationWording } from './notification-words';
import { PushText } from './push';

/** One of everything the server says, with facts where it takes them. */
const EVERY_WORDING: NotificationWording[] = [
  { key: 'messageFrom', facts: { username: 'asha' } },
  { key: 'mentionIn', facts: { username: 'asha', room: 'Cricket Talk' } },
  { key: 'mentionFrom', facts: { username: 'asha' } },
  { key: 'image' },
  { key: 'gif' },
  { key: 'voice' },
  { key: 'missedCall', facts: { buyer: 'ravi', callType: 'audio' } },
  { key: 'missedCallContent' },
  { key: 'applicationApproved' },
  { key: 'applicationApprovedContent' },
  { key: 'applicationRejected' },
  { key: 'applicationRejectedContent', facts: { reason: null } },
  { key: 'reportOutcome' },
  { key: 'reportOutcomeContent', facts: { outcome: 'action_taken' } },
  { key: 'reportOutcomeContent', facts: { outcome: 'dismissed' } },
  { key: 'warning' },
  { key: 'muted', facts: { until: '2026-12-31T18:30:00.000Z' } },
  { key: 'muteReason', facts: { reason: 'spam' } },
  { key: 'warningContent', facts: { reason: null } },
  { key: 'vipGranted' },
  { key: 'vipGrantedContent', facts: { until: '2026-12-31T18:30:00.000Z' } },
  { key: 'vipRevoked' },
  { key: 'vipRevokedContent' },
  { key: 'vipExpiring', facts: { until: '2026-12-31T18:30:00.000Z' } },
  { key: 'vipExpiringContent' },
  { key: 'hiddenPreview' },
  { key: 'incomingCall', facts: { buyer: 'ravi', callType: 'video' } },
  { key: 'incomingCallBody' },
  { key: 'acceptCall' },
  { key: 'declineCall' },
];

describe('wordIn', () => {
  it('says in English exactly what the spec and the screens say', () => {
    expect(wordIn('en', { key: 'messageFrom', facts: { username: 'asha' } })).toBe(NotificationText.messageFrom('asha'));
    expect(wordIn('en', { key: 'missedCall', facts: { buyer: 'ravi', callType: 'video' } })).toBe(NotificationText.missedCall('ravi', 'video'));
    expect(wordIn('en', { key: 'vipExpiring', facts: { until: '2026-12-31T18:30:00.000Z' } })).toBe(NotificationText.vipExpiring('2026-12-31T18:30:00.000Z'));
    expect(wordIn('en', { key: 'hiddenPreview' })).toBe(PushText.hiddenPreview);
    expect(wordIn('en', { key: 'warning' })).toBe('A moderator has warned you about your behaviour');
    expect(wordIn('en', { key: 'muted', facts: { until: '2026-12-31T18:30:00.000Z' } })).toBe(ModerationMessages.mutedNotice('2026-12-31T18:30:00.000Z'));
    expect(wordIn('en', { key: 'reportOutcomeContent', facts: { outcome: 'dismissed' } })).toBe(ModerationMessages.OutcomeDismissed);
    expect(wordIn('hi', { key: 'muted', facts: { until: '2026-12-31T18:30:00.000Z' } })).toBe(
      'एक मॉडरेटर ने आपको म्यूट किया है: आप 31 दिसंबर 2026, 18:30 UTC तक पब्लिक रूम पढ़ सकते हैं, पर उनमें लिख नहीं सकते',
    );
    expect(wordIn('en', { key: 'incomingCall', facts: { buyer: 'ravi', callType: 'audio' } })).toBe(PushText.incomingCall('ravi', 'audio'));
  });

  it('words every key in every language, each with its facts and none in English but English', () => {
    for (const wording of EVERY_WORDING) {
      const english = wordIn('en', wording);
      for (const language of LANGUAGES) {
        const said = wordIn(language, wording);
        expect(said.trim()).not.toBe('');
        // Names and reasons are said as given; call types and times are worded.
        const facts: Record<string, unknown> = 'facts' in wording ? wording.facts : {};
        for (const name of ['username', 'room', 'buyer', 'reason']) if (typeof facts[name] === 'string') expect(said).toContain(facts[name]);
        if (language !== 'en') expect(said).not.toBe(english);
      }
    }
  });

  it('writes times in the reader’s way, in UTC, and falls back to English for a language without words', () => {
    expect(wordIn('hi', { key: 'vipExpiring', facts: { until: '2026-12-31T18:30:00.000Z' } })).toBe('आपकी VIP सदस्यता 31 दिसंबर 2026, 18:30 UTC को ख़त्म होगी');
    expect(wordIn('hi', { key: 'missedCall', facts: { buyer: 'ravi', callType: 'audio' } })).toBe('ravi की ऑडियो कॉल छूट गई');
    expect(wordIn(null, { key: 'gif' })).toBe(NotificationText.gif);
  });
});
