import { FIELD_MESSAGES, fieldErrors as bodyFields, fieldMessage } from '@app/contracts/browser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatLocale, switchLanguage } from '@/i18n/i18n';
import { formatDate } from '../format';
import { bodyMessage, errorMessage, fieldErrors } from '../errors';

/** A refusal as RTK Query hands it over: the gateway's body as the error's data. */
function refusal(problems: Parameters<typeof bodyFields>[0]) {
  const first = Object.values(problems)[0][0];
  const message = typeof first === 'string' ? first : first.message;
  return { status: 400, data: { error: 'Bad Request', code: 'validation_failed', message, ...bodyFields(problems) } };
}

const signUp = refusal({
  username: [fieldMessage('username_too_short', { min: 3 }), fieldMessage('username_characters')],
  password: [fieldMessage('password_too_short', { min: 8 })],
  email: ['email must be shorter than or equal to 254 characters'],
});

afterEach(() => switchLanguage('en'));

describe('field messages', () => {
  it("are in the English catalogue exactly as the server says them (one table, the contracts')", () => {
    const english = JSON.parse(readFileSync(join(__dirname, '../../i18n/catalogues/en/fields.json'), 'utf8'));
    expect(english).toEqual(Object.fromEntries(Object.entries(FIELD_MESSAGES).map(([code, text]) => [`fields.${code}`, text])));
  });

  it('read in English as the server wrote them', () => {
    expect(fieldErrors(signUp)).toEqual(signUp.data.fields);
    expect(errorMessage(signUp, 'Registration failed')).toBe('Username must be at least 3 characters long');
  });

  it('read in Hindi by their codes and values, the English kept for a message without a known code', async () => {
    await switchLanguage('hi');
    expect(fieldErrors(signUp)).toEqual({
      username: ['यूज़रनेम कम से कम 3 अक्षरों का होना चाहिए', 'यूज़रनेम में सिर्फ़ अक्षर, अंक और अंडरस्कोर (_) हो सकते हैं'],
      password: ['पासवर्ड कम से कम 8 अक्षरों का होना चाहिए'],
      email: ['email must be shorter than or equal to 254 characters'],
    });
    expect(errorMessage(signUp, 'fallback')).toBe('यूज़रनेम कम से कम 3 अक्षरों का होना चाहिए');

    const newer = { ...signUp, data: { ...signUp.data, fieldCodes: { ...signUp.data.fieldCodes, password: [{ code: 'password_from_a_newer_server' }] } } };
    expect(fieldErrors(newer)?.password).toEqual(['Password must be at least 8 characters']);
  });

  it("word an error's message only when it is its first field's", async () => {
    await switchLanguage('hi');
    const taken = { status: 409, data: { error: 'Conflict', code: 'conflict', message: 'Username is already taken', ...bodyFields({ username: [fieldMessage('username_taken')] }) } };
    expect(errorMessage(taken, 'fallback')).toBe('Username is already taken');
    expect(fieldErrors(taken)).toEqual({ username: ['यह यूज़रनेम पहले ही लिया जा चुका है। कृपया कोई दूसरा चुनें।'] });
    expect(bodyMessage({ message: 'Message cannot be empty', ...bodyFields({ content: [fieldMessage('message_empty')] }) }, 'not sent')).toBe('संदेश ख़ाली नहीं हो सकता');
    expect(bodyMessage(undefined, 'not sent')).toBe('not sent');
  });

  it("word a refusal that names no field by its message's own code", async () => {
    const busy = fieldMessage('call_seller_busy');
    const blocked = fieldMessage('call_you_blocked', { name: 'Asha' });
    const refused = (refusal: typeof busy) => ({
      status: 409,
      data: { error: 'Conflict', code: 'seller_busy', message: refusal.message, messageCode: { code: refusal.code, ...(refusal.params ? { params: refusal.params } : {}) } },
    });
    expect(errorMessage(refused(busy), 'fallback')).toBe('This expert is busy on another call. Please try again in a few minutes.');
    await switchLanguage('hi');
    expect(errorMessage(refused(busy), 'fallback')).toBe('यह विशेषज्ञ अभी दूसरी कॉल पर है। कृपया कुछ मिनट बाद फिर कोशिश करें।');
    expect(errorMessage(refused(blocked), 'fallback')).toBe('आपने Asha को ब्लॉक किया है। कॉल करने के लिए उन्हें अनब्लॉक करें।');
    const tooFast = fieldMessage('upload_rate_limited', { amount: 3, unit: 'minutes' });
    expect(errorMessage({ status: 429, data: { message: tooFast.message, messageCode: { code: tooFast.code, params: tooFast.params } } }, 'fallback')).toBe(
      'आप बहुत तेज़ी से अपलोड कर रहे हैं। कृपया 3 मिनट बाद फिर कोशिश करें।',
    );
    // A moment among the values is written in the reader's language.
    const suspended = fieldMessage('account_suspended', { until: '2026-12-01T10:00:00Z' });
    expect(suspended.message).toBe('Your account is suspended until 1 December 2026, 10:00 UTC');
    expect(errorMessage({ status: 403, data: { message: suspended.message, messageCode: { code: suspended.code, params: suspended.params } } }, 'fallback')).toBe(
      `आपका खाता ${formatDate('2026-12-01T10:00:00Z', formatLocale('hi'), { time: true })} तक निलंबित है`,
    );
    // The gateway's own: a body too large, a service that did not answer, a list item refused.
    expect(errorMessage({ status: 413, data: { message: 'Request body is too large', messageCode: { code: 'body_too_large' } } }, 'fallback')).toBe('भेजी गई जानकारी बहुत बड़ी है');
    expect(
      errorMessage({ status: 503, data: { message: 'Service temporarily unavailable. Please try again.', messageCode: { code: 'service_unavailable' } } }, 'fallback'),
    ).toBe('सेवा अभी कुछ देर के लिए उपलब्ध नहीं है। कृपया फिर से कोशिश करें।');
    const eachItem = refusal({ usernames: [fieldMessage('value_too_long_each', { field: 'usernames', max: 20 })] });
    expect(errorMessage(eachItem, 'fallback')).toBe('usernames की हर चीज़ ज़्यादा से ज़्यादा 20 अक्षरों की हो सकती है');
    // A code this app does not know, or none, keeps the server's English.
    expect(bodyMessage({ message: 'Something new', messageCode: { code: 'from_a_newer_server' } }, 'fallback')).toBe('Something new');
    expect(bodyMessage({ message: 'Call not found' }, 'fallback')).toBe('Call not found');
  });
});
