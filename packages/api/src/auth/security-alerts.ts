import type { Executor } from '@bank/db';
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
  await alertIfWanted(
    deps,
    tx,
    user,
    'New sign-in to your account',
    `When: ${formatEmailDate(now)}. Address: ${request.ip ?? 'unknown'}. Device: ${request.userAgent ?? 'unknown'}.`,
  );
}

/** A security alert e-mail, written with the change it tells of, to a user who wants them. */
export async function alertIfWanted(
  deps: AppDeps,
  tx: Executor,
  user: Pick<UserRow, 'email' | 'firstName' | 'notifySecurity'>,
  what: string,
  detail: string,
): Promise<void> {
  if (!user.notifySecurity) return;
  await deps.mailer.enqueue(tx, securityAlertEmail(user.email, user.firstName, what, detail));
}
