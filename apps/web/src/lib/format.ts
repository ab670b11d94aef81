const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const dayOfYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
// Calendar values ('2026-03', '2026-03-07') name a UTC month or day: read in UTC, they never shift.
const calendarMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const calendarMonthYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const calendarDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const calendarDayOfYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Money in dollars as the API carries it, shown as en-US USD ("$1,234.50"). */
export function formatMoney(amount: number): string {
  return usd.format(amount);
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as 'MMM d, yyyy' ("Mar 7, 2026"), in the viewer's time zone. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  return dayOfYear.format(date);
}

/** 'MMM d, yyyy, h:mm a' for timestamps where the time matters (mail, timelines). */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  // Newer ICU puts a narrow no-break space before AM/PM; the screens keep a plain one.
  return `${dayOfYear.format(date)}, ${timeOfDay.format(date).replace(/\s/gu, ' ')}`;
}

/** Initials for an avatar: first letters of first and last name. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** A money movement as its owner sees it: '+$25.00' in, '−$25.00' out (U+2212 minus). */
export function formatSignedMoney(amount: number, direction: 'credit' | 'debit'): string {
  return `${direction === 'credit' ? '+' : '\u2212'}${formatMoney(Math.abs(amount))}`;
}

/** A short axis label for money: '$950', '$1.2K', '$3M'. */
export function formatCompactMoney(amount: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(amount);
}

const wordOverrides: Record<string, string> = { withdraw: 'Withdrawal', ach: 'ACH' };

/** A code value as words: 'loan_disbursement' → 'Loan disbursement', 'withdraw' → 'Withdrawal'. */
export function humanize(value: string): string {
  const override = wordOverrides[value];
  if (override) return override;
  const words = value.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'YYYY-MM' as 'Mar 2026' (or 'Mar' with `short`). */
export function formatMonth(value: string, short = false): string {
  const date = toDate(`${value}-01T00:00:00Z`);
  if (!date) return value;
  return (short ? calendarMonth : calendarMonthYear).format(date);
}

/** 'YYYY-MM-DD' (a UTC day) as 'Mar 7'. */
export function formatDay(day: string): string {
  const date = toDate(`${day}T00:00:00Z`);
  return date ? calendarDay.format(date) : '';
}

/** A calendar day 'YYYY-MM-DD' (the bank's) as 'Mar 7, 2026', never shifted by the viewer's zone. */
export function formatCalendarDay(day: string): string {
  const date = toDate(`${day}T00:00:00Z`);
  return date ? calendarDayOfYear.format(date) : day;
}
