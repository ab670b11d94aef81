import { z } from 'zod';
import { auditEvents } from './audit-events.ts';
import { calendarDayField, textField } from './common.ts';

export * from './audit-events.ts';

const isoDay = calendarDayField('Dates are real days written YYYY-MM-DD');

/** The security screen's filters: one event, a user (e-mail or name), and days (UTC) inclusive. */
export const auditLogFilters = z.object({
  event: z.enum(auditEvents, { error: 'Unknown event' }).optional(),
  user: textField(254).optional(),
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
});
export type AuditLogFilters = z.input<typeof auditLogFilters>;

export const auditLogQuery = auditLogFilters.extend({
  page: z.coerce.number().int().min(1).max(10_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
