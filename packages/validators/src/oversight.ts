import { z } from 'zod';
import { textField } from './common.ts';
import { analyticsPeriods, signInFailureWindows } from './enums.ts';

/** The analytics periods and the failed sign-in windows, in days ending today (UTC). */
export { type AnalyticsPeriod, analyticsPeriods, signInFailureWindows } from './enums.ts';

/** A number of days out of a fixed few; anything else, or no number, gets the one message. */
function daysOutOf<const Days extends readonly number[]>(
  allowed: Days,
  message: string,
  fallback: Days[number],
) {
  return z.coerce
    .number({ error: message })
    .pipe(z.literal(allowed, { error: message }))
    .default(fallback);
}

export const analyticsQuery = z.object({
  days: daysOutOf(analyticsPeriods, 'Period must be 7, 30 or 90 days', 30),
});
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

const page = z.coerce.number().int().min(1).max(10_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);

/** Open sessions of every user, optionally of users whose e-mail or name contains `user`. */
export const sessionListQuery = z.object({
  user: textField(254).optional(),
  page,
  limit,
});
export type SessionListQuery = z.input<typeof sessionListQuery>;

/** A session's id is the public half of its token (base32); the secret half is never shown. */
export const sessionIdInput = z.object({
  id: z.string({ error: 'Session not found' }).regex(/^[a-z0-9]{1,64}$/, 'Session not found'),
});

export const signInFailuresQuery = z.object({
  days: daysOutOf(signInFailureWindows, 'Window must be 1, 7 or 30 days', 7),
  page,
  limit,
});
export type SignInFailuresQuery = z.input<typeof signInFailuresQuery>;
