import { scheduleFrequencies } from '@bank/db/enums';
import { z } from 'zod';
import { calendarDayField, textField } from './common.ts';
import { amountField } from './money.ts';

/** The most occurrences one schedule may name: ten years of weekly payments. */
export const MAX_OCCURRENCES = 520;

export const scheduleMessages = {
  endBeforeStart: 'The end date must be on or after the start date',
  endAndCount: 'Choose an end date or a number of payments, not both',
  onceHasNoEnd: 'A one-off payment has no end date or number of payments',
  startInPast: 'The date cannot be in the past',
  dueToday: 'This payment is due today and can no longer be changed',
  notFound: 'Scheduled transfer not found',
};

const dayField = (label: string) => calendarDayField(`${label} must be a date (YYYY-MM-DD)`);

export const scheduleFrequencyField = z.enum(scheduleFrequencies, {
  error: 'Frequency must be once, weekly, every_2_weeks or monthly',
});

export const scheduledTransferInput = z
  .object({
    payeeId: z.uuid('Choose a payee'),
    amount: amountField,
    description: textField(200).default(''),
    startDate: dayField('Start date'),
    frequency: scheduleFrequencyField,
    endDate: dayField('End date').optional(),
    count: z
      .number({ error: 'Number of payments must be a whole number' })
      .int('Number of payments must be a whole number')
      .min(1, 'Number of payments must be at least 1')
      .max(MAX_OCCURRENCES, `Number of payments must be at most ${MAX_OCCURRENCES}`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === 'once' && (value.endDate !== undefined || value.count !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['frequency'], message: scheduleMessages.onceHasNoEnd });
    }
    if (value.endDate !== undefined && value.count !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: scheduleMessages.endAndCount });
    }
    // Both are YYYY-MM-DD: their text order is their calendar order.
    if (value.endDate !== undefined && value.endDate < value.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: scheduleMessages.endBeforeStart });
    }
  });

/** Changes before the day: the amount, the description, or the date of the next payment. */
export const scheduledTransferUpdateInput = z.object({
  id: z.uuid('Not found'),
  amount: amountField.optional(),
  description: textField(200).optional(),
  /** Moves the next payment, and the series after it, to this date. */
  date: dayField('Date').optional(),
});
