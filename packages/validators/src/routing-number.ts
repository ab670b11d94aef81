import { requiredString } from './common.ts';

/**
 * US bank routing numbers (ABA routing transit numbers): nine digits whose last is a check
 * digit, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). It catches any one mistyped
 * digit, so a mistyped routing number is refused before money leaves.
 */
export const invalidRoutingNumberMessage = 'Invalid routing number';

const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (const [index, weight] of weights.entries()) sum += Number(value[index]) * weight;
  return sum % 10 === 0;
}

/** Every routing number a person types: required, nine digits with a valid ABA check digit. */
export const routingNumberField = requiredString('Routing number is required', 32).refine(
  isValidRoutingNumber,
  invalidRoutingNumberMessage,
);
