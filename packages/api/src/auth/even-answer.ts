/**
 * Answers no sooner than `floorMs` after `startedAt` (a `performance.now()`): what follows the
 * lookup of an address (a token, a mail, an audit row) is not done for an unknown one, and the
 * answer must not tell (docs/decisions/006). Registration instead does the same work either way
 * (the hash first). Its own module so that tests see every answer go through it.
 */
export async function answerEvenly(startedAt: number, floorMs = EVEN_ANSWER_MS): Promise<void> {
  const wait = startedAt + floorMs - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Longer than the work of a known address takes on a busy instance. */
export const EVEN_ANSWER_MS = 150;
