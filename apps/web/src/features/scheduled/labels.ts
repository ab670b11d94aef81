import { formatCalendarDay } from '../../lib/format.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type ScheduledTransfer = RouterOutputs['scheduled']['list']['data'][number];
export type ScheduledDetail = RouterOutputs['scheduled']['byId']['data'];
export type Occurrence = ScheduledDetail['occurrences'][number];

export const frequencyLabel: Record<ScheduledTransfer['frequency'], string> = {
  once: 'Once',
  weekly: 'Weekly',
  every_2_weeks: 'Every 2 weeks',
  monthly: 'Monthly',
};

export const statusBadge: Record<
  ScheduledTransfer['status'],
  { label: string; palette: 'green' | 'gray' | 'orange' | 'red' | 'blue' }
> = {
  active: { label: 'Active', palette: 'green' },
  paused: { label: 'Paused', palette: 'gray' },
  suspended: { label: 'Suspended', palette: 'orange' },
  cancelled: { label: 'Cancelled', palette: 'red' },
  completed: { label: 'Completed', palette: 'blue' },
};

export const occurrenceBadge: Record<
  Occurrence['status'],
  { label: string; palette: 'green' | 'gray' | 'orange' | 'red' }
> = {
  completed: { label: 'Paid', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
  skipped: { label: 'Skipped', palette: 'gray' },
  retrying: { label: 'Retrying', palette: 'orange' },
};

/** How a schedule ends, in words: 'Until cancelled', 'Until Mar 7, 2026', '12 payments'. */
export function endLabel(schedule: ScheduledTransfer): string {
  if (schedule.frequency === 'once') return 'One payment';
  if (schedule.endDate) return `Until ${formatCalendarDay(schedule.endDate)}`;
  if (schedule.count) return `${schedule.count} payments (${schedule.occurrencesMade} made)`;
  return 'Until cancelled';
}

/** Today as 'YYYY-MM-DD' where the viewer is (the server judges by the bank's own day). */
export function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
