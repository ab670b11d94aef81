import { serviceUnavailableMessage, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@bank/api/unavailable';
import type { FastifyReply } from 'fastify';

/**
 * 503 in the API's error shape with Retry-After: a dependency is down, or this server is
 * closing (another instance will answer), or not ready (docs/architecture.md 2).
 */
export function sendServiceUnavailable(
  reply: FastifyReply,
  message: string = serviceUnavailableMessage,
  details?: Record<string, unknown>,
) {
  return reply
    .code(503)
    .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .header('Cache-Control', 'no-store')
    .send({
      code: 'SERVICE_UNAVAILABLE',
      message,
      reason: 'SERVICE_UNAVAILABLE',
      ...(details ? { details } : {}),
    });
}

export const shuttingDownMessage = 'This server is shutting down. Please try again shortly.';
