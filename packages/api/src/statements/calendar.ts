/**
 * The bank's calendar: days and months begin at midnight in the bank's time zone (a setting),
 * whatever the server's own zone. Only Intl, which knows every IANA zone and its DST rules.
 */

/** A formatter per zone, kept: building one costs far more than using it. */
function zoneFormats(options: Intl.DateTimeFormatOptions) {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string): Intl.DateTimeFormat => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
      formats.set(timeZone, format);
    }
    return format;
  };
}

const partsFormat = zoneFormats({
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall clock in `timeZone` at `instant`. */
export function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant midnight begins on a calendar day in `timeZone` (month may overflow: 13 = next January). */
export function startOfDay(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(new Date(guess), timeZone);
  // Once more with the offset at the first answer: right across a DST change.
  return new Date(guess - offsetAt(new Date(first), timeZone));
}

/** 'YYYY-MM-DD' of the day `instant` falls on in `timeZone`. */
export function dayOf(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** 'YYYY-MM' of the month `instant` falls in, in `timeZone`. */
export function periodOf(instant: Date, timeZone: string): string {
  return dayOf(instant, timeZone).slice(0, 7);
}

const pad = (value: number) => String(value).padStart(2, '0');

export function parsePeriod(period: string): { year: number; month: number } {
  const [year, month] = period.split('-').map(Number);
  return { year: year ?? 0, month: month ?? 0 };
}

export function parseDay(day: string): { year: number; month: number; day: number } {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year ?? 0, month: month ?? 0, day: date ?? 0 };
}

/** The instants a month begins and ends (exclusive) in `timeZone`, and its first and last day. */
export function monthBounds(period: string, timeZone: string) {
  const { year, month } = parsePeriod(period);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    start: startOfDay(year, month, 1, timeZone),
    end: startOfDay(year, month + 1, 1, timeZone),
    fromDate: `${period}-01`,
    toDate: `${period}-${pad(lastDay)}`,
  };
}

/** The month after `period`. */
export function nextPeriod(period: string): string {
  const { year, month } = parsePeriod(period);
  return month === 12 ? `${year + 1}-01` : `${year}-${pad(month + 1)}`;
}

/** The instants a range of whole days begins and ends (exclusive) in `timeZone`. */
export function dayRangeBounds(fromDate: string, toDate: string, timeZone: string) {
  const from = parseDay(fromDate);
  const to = parseDay(toDate);
  return {
    start: startOfDay(from.year, from.month, from.day, timeZone),
    end: startOfDay(to.year, to.month, to.day + 1, timeZone),
  };
}

const dateFormat = zoneFormats({ month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mar 5, 2026' in the bank's zone (docs/architecture.md 7's date format). */
export function formatDate(instant: Date, timeZone: string): string {
  return dateFormat(timeZone).format(instant);
}

/** 'Mar 5, 2026' for a calendar day 'YYYY-MM-DD' (no zone: it is already the bank's day). */
export function formatDay(day: string): string {
  const { year, month, day: date } = parseDay(day);
  return formatDate(new Date(Date.UTC(year, month - 1, date, 12)), 'UTC');
}
