import { authenticator } from 'otplib';
import { asRecoveryCode, asTotpCode, matchingStep, newRecoveryCode, newTotpSecret } from './totp';

const PERIOD_MS = 30_000;
const codeAt = (secret: string, atMs: number) => authenticator.clone({ epoch: atMs }).generate(secret);

describe('authenticator codes', () => {
  const secret = newTotpSecret();
  const now = 1_800_000_000_000;
  const step = Math.floor(now / PERIOD_MS);

  it('answers the time step of a current code, and of the periods either side', () => {
    expect(matchingStep(secret, codeAt(secret, now), null, now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now - PERIOD_MS), null, now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now + PERIOD_MS), null, now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, now - 3 * PERIOD_MS), null, now)).toBeNull();
  });

  it('refuses a code of a step already used, or an earlier one', () => {
    expect(matchingStep(secret, codeAt(secret, now), step, now)).toBeNull();
    expect(matchingStep(secret, codeAt(secret, now - PERIOD_MS), step - 1, now)).toBeNull();
    expect(matchingStep(secret, codeAt(secret, now + PERIOD_MS), step, now)).toBe(step + 1);
  });

  it('reads six digits with spaces, and nothing else, as an app code', () => {
    expect(asTotpCode(' 123 456 ')).toBe('123456');
    expect(asTotpCode('12345')).toBeNull();
    expect(asTotpCode('abcde-fghjk')).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are made as xxxxx-xxxxx and read back whatever the case, spaces or dashes', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(asRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(code);
    expect(asRecoveryCode(code.replace('-', ''))).toBe(code);
  });

  it('cannot be a code with letters the alphabet leaves out, or of another length', () => {
    expect(asRecoveryCode('abcde-fghi0')).toBeNull();
    expect(asRecoveryCode('abcde-fghj')).toBeNull();
    expect(asRecoveryCode('123456')).toBeNull();
  });
});
