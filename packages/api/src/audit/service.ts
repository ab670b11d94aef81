import type { Executor } from '@bank/db';
import { auditLog } from '@bank/db/schema';
import type { AuditEvent } from '@bank/validators/audit';
import type { RequestInfo } from '../deps.ts';

// The one list of events is shared with the security screen (@bank/validators/audit).
export type { AuditEvent };

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
