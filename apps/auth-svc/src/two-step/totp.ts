import { TWO_STEP_CODE_DIGITS, TWO_STEP_ISSUER, TWO_STEP_PERIOD_SECONDS } from '@app/contracts';
import { authenticator } from 'otplib';
import { toString as qrSvg } from 'qrcode';
import { randomInt } from 'node:crypto';

/** One period either side of now is accepted: phones' clocks drift and people type slowly. */
const WINDOW_STEPS = 1;
/** 160 bits, as RFC 4226 recommends. */
const SECRET_BYTES = 20;

export function newTotpSecret(): string {
  return authenticator.generateSecret(SECRET_BYTES);
}

export function otpauthUrl(secret: string, accountName: string): string {
  return authenticator.clone({ digits: TWO_STEP_CODE_DIGITS, step: TWO_STEP_PERIOD_SECONDS }).keyuri(accountName, TWO_STEP_ISSUER, secret);
}

/** The QR code of an otpauth:// address as an SVG data URL (no external request, allowed by the CSP's img-src). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step the code belongs to, or null when it is wrong or its step is not after `afterStep`. */
export function matchingStep(secret: string, code: string, afterStep: number | null, now = Date.now()): number | null {
  const app = authenticator.clone({ digits: TWO_STEP_CODE_DIGITS, step: TWO_STEP_PERIOD_SECONDS, window: WINDOW_STEPS, epoch: now });
  const delta = app.checkDelta(code, secret);
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TWO_STEP_PERIOD_SECONDS) + delta;
  return afterStep === null || step > afterStep ? step : null;
}

/** Six digits, spaces allowed between them: what an authenticator app shows. */
export function asTotpCode(typed: string): string | null {
  const digits = typed.replace(/\s/g, '');
  return new RegExp(`^\\d{${TWO_STEP_CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** No 0/o, 1/l/i: read off paper and typed back without doubt. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_HALF = 5;

/** `xxxxx-xxxxx`: about 49 bits each, hashed with argon2id like passwords. */
export function newRecoveryCode(): string {
  const pick = () => Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

/** A typed recovery code as it was made, whatever the case, spaces or dashes; null when it cannot be one. */
export function asRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== RECOVERY_HALF * 2 || [...plain].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${plain.slice(0, RECOVERY_HALF)}-${plain.slice(RECOVERY_HALF)}`;
}
