import {
  type ConsentView,
  consentRedirectSchema,
  consentViewSchema,
} from '@bank/validators/partners';
import type { z } from 'zod';

/** An answer other than 2xx: its status and the API's message. */
export class ConsentError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function answer<S extends z.ZodType>(
  response: Response,
  schema: S,
  fallback: string,
): Promise<z.output<S>> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof body === 'object' &&
      body !== null &&
      'message' in body &&
      typeof body.message === 'string'
        ? body.message
        : fallback;
    throw new ConsentError(response.status, message);
  }
  return schema.parse(body);
}

// These calls live under the consent page's own path: the provider's interaction cookie is
// scoped to it, so only this browser's interaction can be read or answered.

export async function fetchConsent(uid: string): Promise<ConsentView> {
  const response = await fetch(`/oauth/consent/${encodeURIComponent(uid)}/details`, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  });
  return answer(response, consentViewSchema, 'Error loading this request');
}

export async function decideConsent(uid: string, allow: boolean): Promise<{ redirectTo: string }> {
  const response = await fetch(`/oauth/consent/${encodeURIComponent(uid)}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ allow }),
  });
  return answer(response, consentRedirectSchema, 'Could not send your answer');
}
