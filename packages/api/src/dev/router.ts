import { emailField } from '@bank/validators/common';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { mailboxFor } from '../mail/outbox.ts';
import { publicProcedure, router } from '../trpc.ts';

export const mailboxInput = z.object({ to: emailField });

export const devRouter = router({
  /** The development mailbox: on only while no SMTP server is configured. */
  mailbox: publicProcedure
    .meta({ duringMaintenance: true })
    .input(mailboxInput)
    .query(async ({ ctx, input }) => {
      if (!ctx.deps.devMailbox) throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
      const rows = await mailboxFor(ctx.deps.db, input.to);
      return {
        messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    }),
});
