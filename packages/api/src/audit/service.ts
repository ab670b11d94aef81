import type { Executor } from '@bank/db';
import { auditLog } from '@bank/db/schema';
import type { RequestInfo } from '../context.ts';

export type AuditEvent =
  | 'auth.register'
  | 'auth.register_existing_email'
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.login.locked'
  | 'auth.sessions_ended'
  | 'auth.password_check_failure'
  | 'auth.logout'
  | 'auth.email_verified'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.password_changed'
  | 'auth.2fa_enabled'
  | 'auth.2fa_disabled'
  | 'auth.2fa_failure'
  | 'auth.recovery_code_used'
  | 'user.profile_updated'
  | 'user.blocked'
  | 'user.unblocked'
  | 'user.created_by_bootstrap'
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'settings.updated'
  | 'loan.status_changed'
  | 'support.ticket_status_changed';

export async function recordAudit(
  db: Executor,
  entry: {
    event: AuditEvent;
    userId?: string | null;
    actorId?: string | null;
    email?: string | null;
    request?: RequestInfo;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    event: entry.event,
    userId: entry.userId ?? null,
    actorId: entry.actorId ?? null,
    email: entry.email ?? null,
    ip: entry.request?.ip ?? null,
    userAgent: entry.request?.userAgent?.slice(0, 500) ?? null,
    details: entry.details ?? null,
  });
}
