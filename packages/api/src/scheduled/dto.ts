import { occurrenceStatuses, scheduleFrequencies, scheduleStatuses } from '@bank/db/enums';
import type { payees, scheduledTransferOccurrences, scheduledTransfers } from '@bank/db/schema';
import { z } from 'zod';
import { toDollars } from '../money/cents.ts';
import { instant, money } from '../rest/schemas.ts';

export type ScheduleRow = typeof scheduledTransfers.$inferSelect;
type OccurrenceRow = typeof scheduledTransferOccurrences.$inferSelect;
type PayeeRow = typeof payees.$inferSelect;

const day = z
  .string()
  .meta({ description: 'A calendar day (YYYY-MM-DD) in the bank’s time zone.' });

export const scheduledTransferSchema = z
  .object({
    id: z.string(),
    status: z.enum(scheduleStatuses),
    statusReason: z.string().nullable().meta({
      description: 'Why the bank suspended it (or that staff cancelled it); null otherwise.',
    }),
    nextRunDate: day
      .nullable()
      .meta({ description: 'The next payment’s date; null when none is left.' }),
    payee: z.object({
      id: z.string(),
      name: z.string(),
      accountNumber: z.string().meta({ description: 'The last four digits.' }),
      bank: z.enum(['internal', 'external']),
      removed: z.boolean(),
    }),
    amount: money,
    description: z.string(),
    frequency: z.enum(scheduleFrequencies),
    startDate: day,
    endDate: day.nullable(),
    count: z.number().int().nullable(),
    occurrencesMade: z.number().int(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'ScheduledTransfer' });
export type ScheduledTransferDto = z.infer<typeof scheduledTransferSchema>;

export const occurrenceSchema = z
  .object({
    date: day,
    status: z.enum(occurrenceStatuses),
    amount: money,
    transactionId: z.string().nullable(),
    reason: z.string().nullable(),
    retryAt: instant
      .nullable()
      .meta({ description: 'A `retrying` occurrence is tried again then.' }),
  })
  .meta({ id: 'ScheduledTransferOccurrence' });

export const scheduledTransferDetailSchema = scheduledTransferSchema
  .extend({
    occurrences: z.array(occurrenceSchema).meta({ description: 'Dates behind it, newest first.' }),
    upcoming: z.array(day).meta({ description: 'The next dates it will pay (at most five).' }),
  })
  .meta({ id: 'ScheduledTransferDetail' });

export function toScheduleDto(row: ScheduleRow, payee: PayeeRow): ScheduledTransferDto {
  return {
    id: row.id,
    status: row.status,
    statusReason: row.statusReason,
    nextRunDate: row.nextRunDate,
    payee: {
      id: payee.id,
      name: payee.name,
      accountNumber: payee.accountLast4,
      bank: payee.bank,
      removed: payee.removedAt !== null,
    },
    amount: toDollars(row.amountCents),
    description: row.description,
    frequency: row.frequency,
    startDate: row.startDate,
    endDate: row.endDate,
    count: row.count,
    occurrencesMade: row.occurrencesMade,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOccurrenceDto(row: OccurrenceRow) {
  return {
    date: row.date,
    status: row.status,
    amount: toDollars(row.amountCents),
    transactionId: row.transactionId,
    reason: row.reason,
    retryAt: row.retryAt?.toISOString() ?? null,
  };
}
