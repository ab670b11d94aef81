import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { type AuditEvent, recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { formatEmailDate, securityAlertEmail } from '../mail/templates.ts';
import { publishEvent } from '../realtime/events.ts';
import type { UserRow } from './dto.ts';
import { deleteUserSessions, type SessionWithUser } from './sessions.ts';

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
  await emailIfWanted(deps, tx, user.id, {
    title: 'New sign-in to your account',
    detail: `When: ${formatEmailDate(now)}. Address: ${request.ip ?? 'unknown'}. Device: ${request.userAgent ?? 'unknown'}.`,
  });
}

/** What the user is told of a change to their account's protection. */
interface SecurityAlert {
  title: string;
  detail: string;
}

/**
 * A change to how the account is protected (password, second factor), completed in the change's
 * transaction: every other device signs in again under the new rule, the change is audited, and
 * the user is told live and in the inbox always, by e-mail if they want security alerts.
 */
export async function protectionChanged(
  deps: AppDeps,
  tx: Executor,
  change: { auth: SessionWithUser; request: RequestInfo; event: AuditEvent },
  alert: SecurityAlert,
): Promise<void> {
  const { auth, request, event } = change;
  await deleteUserSessions(tx, auth.user.id, auth.session.id);
  await recordAudit(tx, { event, userId: auth.user.id, request });
  await publishEvent(tx, auth.user.id, {
    type: 'security:alert',
    data: { title: alert.title, detail: alert.detail },
  });
  await emailIfWanted(deps, tx, auth.user.id, alert);
}

/**
 * The e-mail, if the user wants security alerts now: read in the change's transaction, not from
 * the session's copy of the user, which predates a preference changed since sign-in.
 */
async function emailIfWanted(
  deps: AppDeps,
  tx: Executor,
  userId: string,
  alert: SecurityAlert,
): Promise<void> {
  const [current] = await tx
    .select({ email: users.email, firstName: users.firstName, wanted: users.notifySecurity })
    .from(users)
    .where(eq(users.id, userId));
  if (!current?.wanted) return;
  await deps.mailer.enqueue(
    tx,
    securityAlertEmail(current.email, current.firstName, alert.title, alert.detail),
  );
}
