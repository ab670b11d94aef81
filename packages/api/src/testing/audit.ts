import type { Executor } from '@bank/db';
import { auditLog } from '@bank/db/schema';
import type { AuditEvent } from '@bank/validators/audit';
import { and, eq } from 'drizzle-orm';

/** The audit entries of `event` about the user `userId`, as the tests look them up. */
export function auditEntries(db: Executor, event: AuditEvent, userId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, event), eq(auditLog.userId, userId)));
}
