import { byIdInput } from '@bank/validators/money';
import { scheduledTransferInput, scheduledTransferUpdateInput } from '@bank/validators/scheduled';
import { z } from 'zod';
import { defineRoute, noInput } from '../rest/define.ts';
import { scheduledTransferDetailSchema, scheduledTransferSchema } from './dto.ts';

const tag = 'Scheduled transfers';

const changed = z.object({ message: z.string(), scheduledTransfer: scheduledTransferSchema });

export const scheduledRestRoutes = [
  defineRoute({
    method: 'POST',
    path: '/scheduled-transfers',
    summary:
      'Schedule a transfer to a saved payee: once on a date, or weekly, every 2 weeks or monthly.',
    description:
      'Dates are calendar days in the bank’s time zone (`GET /bank`). A date due today is paid within a minute. Each date is an ordinary transfer to the payee, judged when it runs (balance, daily and payee limits, freezes and holds); a monthly schedule on the 29th to 31st pays on shorter months’ last day. Give `endDate` or `count` (not both), or neither for until cancelled. Too little money: a notice the day before, one retry later that day, then the date fails and the customer is told. Never a partial payment.',
    tag,
    access: 'customer',
    input: scheduledTransferInput,
    example: {
      payeeId: '0192f1c4-5b7e-7c3a-9d2e-4f6a8b0c1d2e',
      amount: 1250,
      description: 'Rent',
      startDate: '2026-12-01',
      frequency: 'monthly',
      count: 12,
    },
    output: changed,
    successStatus: 201,
    handle: ({ caller, input }) => caller.scheduled.create(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/scheduled-transfers',
    summary: 'The customer’s scheduled transfers: open ones by their next date, then those over.',
    tag,
    access: 'customer',
    input: noInput,
    output: z.object({ data: z.array(scheduledTransferSchema) }),
    handle: ({ caller }) => caller.scheduled.list(),
  }),
  defineRoute({
    method: 'GET',
    path: '/scheduled-transfers/:id',
    summary: 'One scheduled transfer, what became of each of its dates, and its next dates.',
    description:
      'Each occurrence: `{date, status, amount, transactionId, reason, retryAt}`; `status` is `completed` (paid: `transactionId` names the transfer), `failed` (`reason` says why), `skipped` (paused, suspended or cancelled over its date) or `retrying` (too little money: tried again at `retryAt`).',
    tag,
    access: 'customer',
    input: byIdInput,
    output: z.object({ data: scheduledTransferDetailSchema }),
    handle: ({ caller, input }) => caller.scheduled.byId(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/scheduled-transfers/:id',
    summary:
      'Change the amount, the description, or the date of the next payment (before the day).',
    description:
      'A new `date` moves the next payment and the series after it (a monthly one then falls on that day of the month). On the day itself the payment is under way: 409.',
    tag,
    access: 'customer',
    errors: [409],
    input: scheduledTransferUpdateInput,
    output: changed,
    handle: ({ caller, input }) => caller.scheduled.update(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/scheduled-transfers/:id/pause',
    summary: 'Pause a scheduled transfer: its dates are skipped until it is resumed.',
    tag,
    access: 'customer',
    errors: [409],
    input: byIdInput,
    output: changed,
    handle: ({ caller, input }) => caller.scheduled.pause(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/scheduled-transfers/:id/resume',
    summary: 'Resume a paused or suspended scheduled transfer from today on.',
    description: 'Dates that passed meanwhile are recorded as `skipped`; they are not paid late.',
    tag,
    access: 'customer',
    errors: [409],
    input: byIdInput,
    output: changed,
    handle: ({ caller, input }) => caller.scheduled.resume(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/scheduled-transfers/:id',
    summary: 'Cancel a scheduled transfer: nothing more is paid.',
    tag,
    access: 'customer',
    errors: [409],
    input: byIdInput,
    output: changed,
    handle: ({ caller, input }) => caller.scheduled.cancel(input),
  }),
];
