import { isReplayedRefusal } from './idempotency.ts';
import type { Posted } from './posting.ts';

/** A replayed answer, refusals too, says so (`Idempotent-Replayed: true`), as Stripe's does. */
export async function answerPosted<R>(
  ctx: { response: { set(name: string, value: string): void } },
  posting: Promise<Posted<R>>,
): Promise<R> {
  try {
    const posted = await posting;
    if (posted.replayed) ctx.response.set('Idempotent-Replayed', 'true');
    return posted.value;
  } catch (error) {
    if (isReplayedRefusal(error)) ctx.response.set('Idempotent-Replayed', 'true');
    throw error;
  }
}
