import type { ScheduleFrequency } from '@bank/db/enums';
import { dayOf, parseDay, startOfDay } from '../statements/calendar.ts';

/**
 * A schedule's calendar: plain 'YYYY-MM-DD' days in the bank's time zone. Text order is calendar
 * order, so days compare as strings.
 */

const pad = (value: number) => String(value).padStart(2, '0');

function asDay(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function addDays(day: string, days: number): string {
  const { year, month, day: date } = parseDay(day);
  const next = new Date(Date.UTC(year, month - 1, date + days));
  return asDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/**
 * The `anchorDay`-th of the month `months` after `day`'s, or that month's last day when it is
 * shorter (a schedule on the 31st pays on Feb 28, Apr 30, ...).
 */
function monthlyAfter(day: string, months: number, anchorDay: number): string {
  const { year, month } = parseDay(day);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return asDay(y, m, Math.min(anchorDay, lastDay));
}

/** The series' first date: the start, or for monthly ones the anchor day clamped to its month. */
export function firstDate(startDate: string, frequency: ScheduleFrequency): string {
  if (frequency !== 'monthly') return startDate;
  return monthlyAfter(startDate, 0, parseDay(startDate).day);
}

/**
 * The date after `date` in a series anchored on `startDate` (its day of the month is kept for
 * monthly ones, whatever shorter months did to `date`); null for a one-off.
 */
export function dateAfter(
  date: string,
  startDate: string,
  frequency: ScheduleFrequency,
): string | null {
  switch (frequency) {
    case 'once':
      return null;
    case 'weekly':
      return addDays(date, 7);
    case 'every_2_weeks':
      return addDays(date, 14);
    case 'monthly':
      return monthlyAfter(date, 1, parseDay(startDate).day);
  }
}

/** What is left of a series after `made` occurrences: the next date, or null when it is over. */
export function nextOccurrence(
  schedule: {
    startDate: string;
    frequency: ScheduleFrequency;
    endDate: string | null;
    count: number | null;
  },
  after: string,
  made: number,
): string | null {
  if (schedule.count !== null && made >= schedule.count) return null;
  const next = dateAfter(after, schedule.startDate, schedule.frequency);
  if (next === null) return null;
  if (schedule.endDate !== null && next > schedule.endDate) return null;
  return next;
}

/** Today in the bank's time zone. */
export function bankToday(now: Date, timeZone: string): string {
  return dayOf(now, timeZone);
}

/** The instant `hour`:00 begins on `day` in `timeZone`. */
export function instantOn(day: string, hour: number, timeZone: string): Date {
  const { year, month, day: date } = parseDay(day);
  const midnight = startOfDay(year, month, date, timeZone);
  // Whole hours after midnight: right except on a DST change's own night, before 03:00.
  return new Date(midnight.getTime() + hour * 60 * 60_000);
}
