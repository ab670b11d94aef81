import { z } from 'zod';
import { defineRoute } from '../rest/define.ts';
import { mailboxInput } from './router.ts';

export const devRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/dev/mailbox',
    summary: 'Development mailbox: messages sent to an address, newest first (no SMTP only).',
    tag: 'Development',
    access: 'development',
    input: mailboxInput,
    output: z.object({
      messages: z.array(
        z.object({
          subject: z.string(),
          text: z.string(),
          html: z.string(),
          links: z.array(z.string()),
          createdAt: z.string(),
        }),
      ),
    }),
    handle: ({ caller, input }) => caller.dev.mailbox(input),
  }),
];
