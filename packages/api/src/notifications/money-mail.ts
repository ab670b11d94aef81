import { notifications, users } from '@bank/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { actionEmail, type EmailMessage } from '../mail/templates.ts';

/** Notices one round claims; a round takes more batches while they come full. */
const BATCH = 500;
const BATCHES_PER_ROUND = 20;
/** Notices listed in one e-mail; the rest are counted and wait in the inbox. */
const LISTED = 10;

interface DueNotice {
  id: bigint;
  title: string;
  message: string;
  link: string | null;
}

/**
 * What came in since the last round, in one e-mail: a single notice is its own subject and
 * leads to its page, several are listed and lead to the inbox.
 */
export function moneyAlertEmail(opts: {
  to: string;
  firstName: string;
  notices: DueNotice[];
  publicUrl: string;
}): EmailMessage {
  const [only, ...more] = opts.notices;
  const single = only !== undefined && more.length === 0;
  const lines = opts.notices
    .slice(0, LISTED)
    .map((notice) => (notice.message ? `${notice.title} · ${notice.message}` : notice.title));
  if (opts.notices.length > LISTED) {
    lines.push(`And ${opts.notices.length - LISTED} more in your notifications.`);
  }
  return actionEmail({
    to: opts.to,
    subject: single ? only.title : `You have ${opts.notices.length} new account alerts`,
    greeting: `Hello ${opts.firstName},`,
    lines,
    action:
      single && only.link
        ? { label: 'View the transaction', url: `${opts.publicUrl}${only.link}` }
        : { label: 'See your notifications', url: `${opts.publicUrl}/notifications` },
    footer: 'You get these e-mails because transaction notifications are on in your profile.',
  });
}

/** One batch: claims due notices (SKIP LOCKED, so instances share the work) and mails them. */
async function mailBatch(deps: Pick<AppDeps, 'db' | 'mailer' | 'publicUrl'>) {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: notifications.id,
        userId: notifications.userId,
        title: notifications.title,
        message: notifications.message,
        link: notifications.link,
        read: notifications.read,
        email: users.email,
        firstName: users.firstName,
        wanted: users.notifyTransactions,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.emailDue, true))
      .orderBy(asc(notifications.id))
      .limit(BATCH)
      .for('update', { of: notifications, skipLocked: true });
    if (due.length === 0) return { claimed: 0, sent: 0 };
    await tx
      .update(notifications)
      .set({ emailDue: false })
      .where(
        inArray(
          notifications.id,
          due.map((row) => row.id),
        ),
      );
    // Left out: what the customer read in the app meanwhile, and everything of a customer who
    // has since turned transaction notifications off.
    const byCustomer = new Map<string, (typeof due)[number][]>();
    for (const row of due) {
      if (row.read || !row.wanted) continue;
      const rows = byCustomer.get(row.userId) ?? [];
      rows.push(row);
      byCustomer.set(row.userId, rows);
    }
    for (const rows of byCustomer.values()) {
      const [first] = rows;
      if (!first) continue;
      await deps.mailer.enqueue(
        tx,
        moneyAlertEmail({
          to: first.email,
          firstName: first.firstName,
          notices: rows,
          publicUrl: deps.publicUrl,
        }),
      );
    }
    return { claimed: due.length, sent: byCustomer.size };
  });
}

/**
 * The money e-mail round: every notice owed an e-mail since the last round (notifications'
 * `email_due`, set by the statement that moved the money), one e-mail per customer. Runs on
 * every instance; answers how many e-mails were queued.
 */
export async function mailMoneyNotices(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'publicUrl' | 'ledger'>,
): Promise<number> {
  // What this instance's last movements owe is in the inbox first (decision 048).
  await deps.ledger.announced();
  let sent = 0;
  for (let batch = 0; batch < BATCHES_PER_ROUND; batch += 1) {
    const round = await mailBatch(deps);
    sent += round.sent;
    if (round.claimed < BATCH) break;
  }
  return sent;
}
