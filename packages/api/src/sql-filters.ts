import { type AnyColumn, gte, lt, type SQL } from 'drizzle-orm';

/** An ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Midnight UTC starting the day 'YYYY-MM-DD'. */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** Midnight UTC after the day 'YYYY-MM-DD': an end date is inclusive. */
export function endOfDay(day: string): Date {
  const end = startOfDay(day);
  end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

/** `column` between the optional days (UTC, both inclusive). */
export function withinDays(
  column: AnyColumn,
  range: { startDate?: string; endDate?: string },
): SQL[] {
  const conditions: SQL[] = [];
  if (range.startDate) conditions.push(gte(column, startOfDay(range.startDate)));
  if (range.endDate) conditions.push(lt(column, endOfDay(range.endDate)));
  return conditions;
}
