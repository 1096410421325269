import 'reflect-metadata';
import { COMMON_PASSWORD_MESSAGE, passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('accepts an ordinary passphrase', () => {
    expect(passwordProblem('blue-tangerine-42', 'ann', 'ann@example.com')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀😀😀😀😀😀😀')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('😀😀😀😀😀😀😀😀x')).toBeNull();
  });

  it('refuses common passwords in any case', () => {
    expect(passwordProblem('12345678')).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordProblem('QWERTYUIOP')).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('refuses the username or email as the password', () => {
    expect(passwordProblem('Annabelle1', 'annabelle1')).toBe('Password must not be the same as your username');
    expect(passwordProblem('ann@example.com', 'ann', 'Ann@Example.com')).toBe('Password must not be the same as your email');
  });

  it('refuses more than 128 characters', () => {
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe('Password must be at most 128 characters');
  });
});
