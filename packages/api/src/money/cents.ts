/**
 * The one place dollars and cents meet (STYLE.md 7). Inside the system money is bigint cents;
 * JSON carries dollars with at most two decimals, converted exactly here.
 */
export function toCents(dollars: number): bigint {
  const cents = Math.round(dollars * 100);
  if (!Number.isSafeInteger(cents) || Math.abs(dollars * 100 - cents) > 1e-6) {
    throw new RangeError(`Not an amount of cents: ${dollars}`);
  }
  return BigInt(cents);
}

export function toDollars(cents: bigint): number {
  return Number(cents) / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export function formatUsd(cents: bigint): string {
  return usd.format(toDollars(cents));
}
