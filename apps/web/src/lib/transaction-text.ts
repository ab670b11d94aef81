import { formatCalendarDay, formatDay } from './format.ts';
import type { RouterOutputs } from './trpc.ts';

type Transaction = RouterOutputs['transactions']['byId'];
type Counterparty = Transaction['counterparty'];

/**
 * The bank's time zone: history days and times are read in it, whatever the viewer's machine
 * says (docs/product.md 2.11).
 */
export const bankTimeZone = 'America/New_York';

/** 'Citi ••6789' for an outside bank, else the name ('Bob Rivera', 'Card ending 4242'). */
export function counterpartyLabel(counterparty: Counterparty): string {
  return counterparty.bank && counterparty.accountNumber
    ? `${counterparty.bank} ••${counterparty.accountNumber}`
    : counterparty.name;
}

/** The other side as a row says it: 'From Bob Rivera', 'To Alice C.', 'Card ending 4242'. */
export function otherSide(transaction: Pick<Transaction, 'type' | 'direction' | 'counterparty'>) {
  const label = counterpartyLabel(transaction.counterparty);
  if (transaction.type !== 'transfer') return label;
  return `${transaction.direction === 'credit' ? 'From' : 'To'} ${label}`;
}

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: bankTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: bankTimeZone,
  hour: 'numeric',
  minute: '2-digit',
});

/** The bank's calendar day of an instant, 'YYYY-MM-DD'. */
export function bankDay(at: Date | string): string {
  return dayKeyFormat.format(new Date(at));
}

/** '7:42 PM' in the bank's time zone. */
export function timeOfDay(at: Date | string): string {
  // Newer ICU puts a narrow no-break space before AM/PM; the screens keep a plain one.
  return timeFormat.format(new Date(at)).replace(/\s/gu, ' ');
}

const bankDate = new Intl.DateTimeFormat('en-US', {
  timeZone: bankTimeZone,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'Nov 27, 2026, 10:57 AM' in the bank's time zone, as the history's rows read the time. */
export function bankDateTime(at: Date | string): string {
  return `${bankDate.format(new Date(at))}, ${timeOfDay(at)}`;
}

/** A day's heading: 'Today', 'Yesterday', 'Nov 23' (this year) or 'Nov 23, 2025'. */
export function dayHeading(day: string, now: Date): string {
  const today = bankDay(now);
  if (day === today) return 'Today';
  const noon = new Date(`${today}T12:00:00Z`);
  const yesterday = new Date(noon.getTime() - 86_400_000).toISOString().slice(0, 10);
  if (day === yesterday) return 'Yesterday';
  return day.slice(0, 4) === today.slice(0, 4) ? formatDay(day) : formatCalendarDay(day);
}

/** Rows in order, cut into runs of the same bank day. */
export function groupByDay<T extends { createdAt: string }>(rows: T[]) {
  const groups: Array<{ day: string; rows: T[] }> = [];
  for (const row of rows) {
    const day = bankDay(row.createdAt);
    const last = groups.at(-1);
    if (last?.day === day) last.rows.push(row);
    else groups.push({ day, rows: [row] });
  }
  return groups;
}
