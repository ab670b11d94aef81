import { notificationTypes } from '@bank/db/enums';
import { markNotificationsReadInput, notificationListInput } from '@bank/validators/notifications';
import { z } from 'zod';
import { defineRoute } from '../rest/define.ts';

const tag = 'Notifications';

export const notificationRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/notifications',
    summary:
      'The inbox: every event the customer was told about, newest first, with the number unread.',
    description:
      'Money in and out, loan decisions, support replies, maintenance notices and security alerts (a new sign-in, a changed password or two-factor setting) are kept here when they happen, whatever the e-mail preferences. A movement the customer made themselves is kept as read. `before` pages back from a notification id.',
    tag,
    access: 'customer',
    input: notificationListInput,
    output: z.object({
      data: z.array(
        z.object({
          id: z.string(),
          type: z.enum(notificationTypes),
          title: z.string(),
          message: z.string(),
          read: z.boolean(),
          createdAt: z.string(),
          link: z.string().nullable().describe('Where in the app it leads'),
        }),
      ),
      unread: z.number().describe('How many of all the customer’s notifications are unread'),
    }),
    example: { limit: 30 },
    handle: ({ caller, input }) => caller.notifications.list(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/notifications/read',
    summary: 'Mark notifications read: `{ids}` those, or `{all: true}` every one.',
    tag,
    access: 'customer',
    input: markNotificationsReadInput,
    output: z.object({
      marked: z.number().describe('How many were unread and now are read'),
      unread: z.number(),
    }),
    example: { ids: ['42'] },
    handle: ({ caller, input }) => caller.notifications.markRead(input),
  }),
];
