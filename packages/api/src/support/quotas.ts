import type { Executor } from '@bank/db';
import { supportAttachments } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { quotaExceeded } from '../errors.ts';
import type { RateLimiter } from '../rate-limit.ts';
import type { BankSettings, SettingsCache } from '../settings/service.ts';
import type { Actor } from './actor.ts';
import type { StoredUpload } from './file-types.ts';

/**
 * Support quotas: what one customer may put on the bank's disk and in its queues.
 * The figures are bank settings (README, Support quotas); staff are not held to them. Counts
 * of calls use the rate limiter, which records before it judges (parallel calls all count);
 * bytes are summed over the stored files under a per-customer lock, in the transaction that
 * adds the new ones.
 */
export interface QuotaDeps {
  settings: SettingsCache;
  rateLimiter: RateLimiter;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Megabytes as the attachment hint counts them ('10MB' is 10,000,000 bytes). */
const MB = 1_000_000;

const heldToQuotas = (actor: Actor) => actor.role === 'user';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const at = (inMs: number) => new Date(Date.now() + inMs).toISOString();

/** The counted quotas, named as their bank settings: the limiter's key, window and refusal. */
const countedQuotas = {
  ticketsPerMinute: {
    key: 'support:tickets:minute',
    windowMs: MINUTE_MS,
    message: (limit: number) =>
      `You have opened ${plural(limit, 'ticket')} in the last minute. Wait a minute, or add to a ticket you already opened.`,
  },
  ticketsPerDay: {
    key: 'support:tickets:day',
    windowMs: DAY_MS,
    message: (limit: number) =>
      `You have opened ${plural(limit, 'ticket')} today, as many as we take in a day. Add to a ticket you already opened, or try again tomorrow.`,
  },
  chatMessagesPerMinute: {
    key: 'support:chat:minute',
    windowMs: MINUTE_MS,
    message: (limit: number) =>
      `You are sending messages faster than we can read them (${limit} a minute). Wait a moment, then send it again.`,
  },
};

/** Counts one call in its quota's window and refuses it past the limit, with the window's end. */
async function takeCounted(
  limiter: RateLimiter,
  settings: BankSettings,
  actor: Actor,
  quota: keyof typeof countedQuotas,
) {
  const { key, windowMs, message } = countedQuotas[quota];
  const limit = settings[quota];
  const { count, resetInMs } = await limiter.take(`${key}:${actor.id}`, windowMs);
  if (count <= limit) return;
  throw quotaExceeded(
    message(limit),
    { quota, limit, used: Math.min(count - 1, limit), resetsAt: at(resetInMs) },
    resetInMs,
  );
}

/** A new ticket: so many a minute and a day per customer. */
export async function admitNewTicket(deps: QuotaDeps, actor: Actor): Promise<void> {
  if (!heldToQuotas(actor)) return;
  const settings = await deps.settings.get();
  await takeCounted(deps.rateLimiter, settings, actor, 'ticketsPerMinute');
  await takeCounted(deps.rateLimiter, settings, actor, 'ticketsPerDay');
}

/** A chat line or ticket response: so many a minute per customer. */
export async function admitChatLine(deps: QuotaDeps, actor: Actor): Promise<void> {
  if (!heldToQuotas(actor)) return;
  const settings = await deps.settings.get();
  await takeCounted(deps.rateLimiter, settings, actor, 'chatMessagesPerMinute');
}

/** What the customer's files weigh: in the last 24 hours, and in all, with the oldest of the day. */
async function storedBytes(tx: Executor, uploaderId: string) {
  const dayAgo = sql`now() - interval '24 hours'`;
  const [row] = await tx
    .select({
      total: sql<string>`coalesce(sum(${supportAttachments.size}), 0)::text`,
      today: sql<string>`coalesce(sum(${supportAttachments.size}) filter (where ${supportAttachments.createdAt} > ${dayAgo}), 0)::text`,
      oldestToday: sql<
        Date | string | null
      >`min(${supportAttachments.createdAt}) filter (where ${supportAttachments.createdAt} > ${dayAgo})`,
    })
    .from(supportAttachments)
    .where(eq(supportAttachments.uploaderId, uploaderId));
  const oldest = row?.oldestToday ? new Date(row.oldestToday) : null;
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0), oldest };
}

/** Refuses `adding` bytes past the day's or the total megabytes, with the figures. */
function judgeBytes(
  settings: BankSettings,
  used: Awaited<ReturnType<typeof storedBytes>>,
  adding: number,
): void {
  const perDay = settings.attachmentMbPerDay * MB;
  if (used.today + adding > perDay) {
    // Room comes back as the day's oldest files pass 24 hours.
    const resetsAt = new Date((used.oldest?.getTime() ?? Date.now()) + DAY_MS);
    throw quotaExceeded(
      `You have sent as many files today as we can take (${settings.attachmentMbPerDay} MB a day). Try again tomorrow, or describe the problem in words for now.`,
      {
        quota: 'attachmentBytesPerDay',
        limit: perDay,
        used: used.today,
        resetsAt: resetsAt.toISOString(),
      },
      resetsAt.getTime() - Date.now(),
    );
  }
  const total = settings.attachmentMbTotal * MB;
  if (used.total + adding > total) {
    throw quotaExceeded(
      `Your files have reached the ${settings.attachmentMbTotal} MB we keep for each customer. Contact us to remove old files, or describe the problem in words.`,
      { quota: 'attachmentBytesTotal', limit: total, used: used.total, resetsAt: null },
      DAY_MS,
    );
  }
}

/**
 * Call inside the transaction that records `uploads`: takes the customer's lock (parallel
 * uploads wait their turn), then refuses if the new files pass the day's or the total bytes.
 */
export async function admitFiles(
  tx: Executor,
  settings: BankSettings,
  actor: Actor,
  uploads: readonly StoredUpload[],
): Promise<void> {
  if (uploads.length === 0 || !heldToQuotas(actor)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support-files:${actor.id}`}))`);
  const adding = uploads.reduce((sum, upload) => sum + upload.size, 0);
  judgeBytes(settings, await storedBytes(tx, actor.id), adding);
}

/**
 * Before any bytes are read: a customer with no room left today or in all is refused at once,
 * so a flood of uploads is not written to disk only to be removed again.
 */
export async function admitUploadStart(
  db: Executor,
  settings: BankSettings,
  actor: Actor,
): Promise<void> {
  if (!heldToQuotas(actor)) return;
  judgeBytes(settings, await storedBytes(db, actor.id), 1);
}
