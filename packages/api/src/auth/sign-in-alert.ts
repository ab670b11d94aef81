import type { Executor } from '@bank/db';
import type { AppDeps, RequestInfo } from '../context.ts';
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
  if (user.notifySecurity) {
    await deps.mailer.enqueue(
      tx,
      securityAlertEmail(
        user.email,
        user.firstName,
        'New sign-in to your account',
        `When: ${formatEmailDate(now)}. Address: ${request.ip ?? 'unknown'}. Device: ${request.userAgent ?? 'unknown'}.`,
      ),
    );
  }
}
