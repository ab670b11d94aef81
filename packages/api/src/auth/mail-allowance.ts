import { messages } from '@bank/validators/messages';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { tooManyRequests } from '../errors.ts';
import { limits } from '../rate-limit.ts';

/** Mail-sending calls are limited per address (429) and per recipient (silently). */
export async function allowMail(deps: AppDeps, request: RequestInfo, kind: string, email: string) {
  const ipCount = await deps.rateLimiter.hit(
    `${kind}:ip:${request.ip ?? 'unknown'}`,
    limits.mailPerAddress.windowMs,
  );
  if (ipCount > limits.mailPerAddress.max)
    throw tooManyRequests(messages.tooManyRequests, limits.mailPerAddress.windowMs);
  const toCount = await deps.rateLimiter.hit(
    `${kind}:to:${email}`,
    limits.mailPerRecipient.windowMs,
  );
  return toCount <= limits.mailPerRecipient.max;
}
