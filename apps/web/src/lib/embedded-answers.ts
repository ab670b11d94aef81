import type { AppRouter } from '@bank/api';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/**
 * The answers the server put into the page's HTML (apps/server/src/plugins/page-answers.ts):
 * the session and the bank's public profile, keyed by procedure path. Read once at start.
 */
export function readEmbeddedAnswers(doc: Document = document): Map<string, unknown> {
  const text = doc.getElementById('page-answers')?.textContent;
  if (!text) return new Map();
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null
      ? new Map(Object.entries(parsed))
      : new Map();
  } catch {
    return new Map();
  }
}

/**
 * Answers the first query of each embedded procedure (without input) from the page itself, so
 * the first screen needs no round trip for them (the page-speed review). Each answer serves once:
 * every later call, a refetch included, goes to the server as usual. The data goes through the same
 * path as a network answer, typed by the router.
 */
export function embeddedAnswersLink(answers: Map<string, unknown>): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) => {
      if (op.type !== 'query' || op.input !== undefined || !answers.has(op.path)) return next(op);
      const data = answers.get(op.path);
      answers.delete(op.path);
      return observable((observer) => {
        observer.next({ result: { type: 'data', data } });
        observer.complete();
      });
    };
}
