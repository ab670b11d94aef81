import { requiredString } from './common.ts';

export const invalidRoutingNumberMessage = 'Invalid routing number';

/**
 * An ABA routing number: nine digits whose weighted sum (3, 7, 1 repeating) is a multiple of
 * ten, so one mistyped digit never passes.
 */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return sum % 10 === 0;
}

export const routingNumberSchema = requiredString('Routing number is required').refine(
  isValidRoutingNumber,
  invalidRoutingNumberMessage,
);
