import type { Executor } from '@bank/db';
import { notifications } from '@bank/db/schema';
import type {
  markNotificationsReadInput,
  notificationListInput,
} from '@bank/validators/notifications';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';

/** The customer's inbox, newest first, and how many are unread in all. */
export async function listNotifications(
  db: Executor,
  userId: string,
  input: z.output<typeof notificationListInput>,
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        input.before ? lt(notifications.id, BigInt(input.before)) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(input.limit);
  return {
    data: rows.map((row) => ({
      id: row.id.toString(),
      type: row.type,
      title: row.title,
      message: row.message,
      read: row.read,
      createdAt: row.createdAt.toISOString(),
      link: row.link,
    })),
    unread: await unreadCount(db, userId),
  };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.count ?? 0;
}

/** Marks the customer's own notices read (another customer's ids change nothing). */
export async function markNotificationsRead(
  db: Executor,
  userId: string,
  input: z.output<typeof markNotificationsReadInput>,
) {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.read, false),
        'ids' in input ? inArray(notifications.id, input.ids.map(BigInt)) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return { marked: updated.length, unread: await unreadCount(db, userId) };
}
