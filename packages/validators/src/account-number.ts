/**
 * Horizon Bank account numbers (the integrator API review): '4', nine digits, then two check digits
 * computed as IBAN's (ISO 7064 MOD 97-10), so any one mistyped digit, and nearly every swap of two,
 * is caught before money leaves. Other banks' numbers have no check we could know.
 */
export const HORIZON_PREFIX = '4';

export const invalidAccountNumberMessage = 'Invalid account number';
export const noSuchHorizonAccount = 'No Horizon Bank account has this number';

/** Looks like one of ours: 12 digits starting with the bank's prefix. */
export function isHorizonAccountNumber(value: string): boolean {
  return /^4\d{11}$/.test(value);
}

/** The two check digits of a ten-digit base: 98 - (base x 100 mod 97). */
export function checkDigits(base: string): string {
  return String(98n - ((BigInt(base) * 100n) % 97n)).padStart(2, '0');
}

/** The whole number, check digits included, is 1 modulo 97. */
export function hasValidCheckDigits(value: string): boolean {
  return /^\d+$/.test(value) && BigInt(value) % 97n === 1n;
}

/** Ours and mistyped: refused with 'Invalid account number'. */
export function isMistypedHorizonNumber(value: string): boolean {
  return isHorizonAccountNumber(value) && !hasValidCheckDigits(value);
}
