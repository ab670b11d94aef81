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

/** The events of every audit entry about the user `userId`, in no set order. */
export async function auditEventsAbout(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ event: auditLog.event })
    .from(auditLog)
    .where(eq(auditLog.userId, userId));
  return rows.map((row) => row.event);
}
