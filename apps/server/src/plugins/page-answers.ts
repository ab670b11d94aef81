import { createCaller } from '@bank/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestContext, type ServerOptions } from '../context.ts';

/**
 * What every page of the SPA asks the server first, answered into the page's HTML (the page-speed
 * review): the session and the bank's public profile. The SPA's tRPC client takes them from there
 * (apps/web/src/lib/embedded-answers.ts) instead of making a round trip before it can draw
 * anything, which on a phone's network is the longest wait of a first visit.
 *
 * Only for the browser's own navigations (`Sec-Fetch-Dest: document`): the service worker's
 * copy of the shell, fetched for offline use, must carry nobody's session. A call that fails
 * is left out, and the SPA asks for it as it always did.
 */
export async function pageAnswers(
  options: ServerOptions,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Record<string, unknown> | null> {
  if (req.headers['sec-fetch-dest'] !== 'document') return null;
  const caller = createCaller(await createRequestContext(options, req, reply));
  const [me, bank] = await Promise.allSettled([caller.auth.me(), caller.settings.public()]);
  const answers: Record<string, unknown> = {};
  if (me.status === 'fulfilled') answers['auth.me'] = me.value;
  if (bank.status === 'fulfilled') answers['settings.public'] = bank.value;
  return answers;
}

/**
 * The answers as an inert JSON script element (not run, so the CSP's script-src has no say),
 * with `<` escaped so that no value can close the element.
 */
export function answersElement(answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="page-answers">${json}</script>`;
}
