import { randomBytes } from 'node:crypto';
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';

/** RFC 6238 with SHA-1, 30 s steps, 6 digits: what every authenticator app speaks. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function generateTotpKey(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

export function encodeTotpKey(key: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(key);
}

export function totpUri(key: Uint8Array, issuer: string, account: string): string {
  const secret = encodeBase32UpperCaseNoPadding(key);
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

export function totpAt(key: Uint8Array, step: number, digits = TOTP_DIGITS): string {
  return generateHOTP(key, BigInt(step), digits);
}

/**
 * Checks a code against the current step and one either side (clock drift). Returns the step
 * it matched, so that the caller can refuse that step and older ones next time (a code is
 * accepted once), or null.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  options: { nowMs?: number; lastUsedStep?: number | null; digits?: number } = {},
): number | null {
  const current = totpStep(options.nowMs ?? Date.now());
  for (const step of [current - 1, current, current + 1]) {
    if (options.lastUsedStep != null && step <= options.lastUsedStep) continue;
    if (totpAt(key, step, options.digits) === code) return step;
  }
  return null;
}
