/** A plain object (not null, not an array): what JSON bodies, queries and log fields are read as. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
