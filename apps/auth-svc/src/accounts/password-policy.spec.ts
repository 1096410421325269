import 'reflect-metadata';
import { passwordProblem } from './password-policy';

const COMMON = { code: 'password_common', message: 'This password is too common. Please choose a less predictable one.' };

describe('passwordProblem', () => {
  it('accepts an ordinary passphrase', () => {
    expect(passwordProblem('blue-tangerine-42', 'ann', 'ann@example.com')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀😀😀😀😀😀😀')).toEqual({ code: 'password_too_short', params: { min: 8 }, message: 'Password must be at least 8 characters' });
    expect(passwordProblem('😀😀😀😀😀😀😀😀x')).toBeNull();
  });

  it('refuses common passwords in any case', () => {
    expect(passwordProblem('12345678')).toEqual(COMMON);
    expect(passwordProblem('QWERTYUIOP')).toEqual(COMMON);
  });

  it('refuses the username or email as the password', () => {
    expect(passwordProblem('Annabelle1', 'annabelle1')).toEqual({ code: 'password_is_username', message: 'Password must not be the same as your username' });
    expect(passwordProblem('ann@example.com', 'ann', 'Ann@Example.com')).toEqual({ code: 'password_is_email', message: 'Password must not be the same as your email' });
  });

  it('refuses more than 128 characters', () => {
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toEqual({ code: 'password_too_long', params: { max: 128 }, message: 'Password must be at most 128 characters' });
  });
});
