import { FIELD_MESSAGES, fieldErrors as bodyFields, fieldMessage } from '@app/contracts/browser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { switchLanguage } from '@/i18n/i18n';
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
});
