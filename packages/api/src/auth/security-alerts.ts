import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { formatEmailDate, securityAlertEmail } from '../mail/templates.ts';
import { publishEvent } from '../realtime/events.ts';
import type { UserRow } from './dto.ts';

/** A completed sign-in: a live alert to the user's other devices and, if wanted, an e-mail. */
export async function announceSignIn(
  deps: AppDeps,
  tx: Executor,
  user: UserRow,
  request: RequestInfo,
) {
  const now = new Date();
  const at = now.toISOString();
  await publishEvent(tx, user.id, {
    type: 'security:signin',
    data: { at, ip: request.ip, userAgent: request.userAgent },
  });
  await emailIfWanted(
    deps,
    tx,
    user,
    'New sign-in to your account',
    `When: ${formatEmailDate(now)}. Address: ${request.ip ?? 'unknown'}. Device: ${request.userAgent ?? 'unknown'}.`,
  );
}

/**
 * A change to how the account is protected, written with the change: told live and kept in
 * the inbox always, e-mailed to a user who wants security alerts.
 */
export async function alertIfWanted(
  deps: AppDeps,
  tx: Executor,
  user: Pick<UserRow, 'id'>,
  what: string,
  detail: string,
): Promise<void> {
  await publishEvent(tx, user.id, { type: 'security:alert', data: { title: what, detail } });
  await emailIfWanted(deps, tx, user, what, detail);
}

/**
 * The e-mail, if the user wants security alerts now: read in the change's transaction, not from
 * the session's copy of the user, which predates a preference changed since sign-in.
 */
async function emailIfWanted(
  deps: AppDeps,
  tx: Executor,
  user: Pick<UserRow, 'id'>,
  what: string,
  detail: string,
): Promise<void> {
  const [current] = await tx
    .select({ email: users.email, firstName: users.firstName, wanted: users.notifySecurity })
    .from(users)
    .where(eq(users.id, user.id));
  if (!current?.wanted) return;
  await deps.mailer.enqueue(tx, securityAlertEmail(current.email, current.firstName, what, detail));
}
