import { z } from 'zod';

/** `recipientAccountNumber` -> 'Recipient account number'; `address.zipCode` -> 'Zip code'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((key) => typeof key === 'string');
  if (typeof last !== 'string' || last === '') return 'This value';
  const words = last
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  bigint: 'a whole number',
  date: 'a date',
};

const sizeUnit = (origin: string, n: number | bigint) =>
  origin === 'string'
    ? ` character${n === 1 ? '' : 's'}`
    : origin === 'array'
      ? ` item${n === 1 ? '' : 's'}`
      : '';

/**
 * Messages for people where a schema gives none (the integrator API review: zod's own texts such as
 * 'Invalid input: expected boolean, received undefined' reached integrators). A schema's own
 * message still wins; this only replaces zod's defaults.
 */
export function humanMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const field = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${field} is required`;
      return `${field} must be ${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string' && Number(min) === 1) return `${field} is required`;
      return `${field} must be at least ${String(min)}${sizeUnit(issue.origin, min)}`;
    }
    case 'too_big':
      return `${field} must be at most ${String(issue.maximum)}${sizeUnit(issue.origin, issue.maximum)}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format === 'regex' ? 'value' : issue.format}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return `${field} is not valid`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${field} is not valid`;
  }
}

z.config({ customError: humanMessage });
