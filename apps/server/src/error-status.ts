import { isRecord } from './is-record.ts';

/** The HTTP status a Fastify or plugin error carries in `statusCode`; 500 when it has none. */
export function statusCodeOf(error: unknown): number {
  return isRecord(error) && typeof error.statusCode === 'number' ? error.statusCode : 500;
}
