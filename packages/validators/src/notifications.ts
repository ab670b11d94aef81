import { z } from 'zod';

export const notificationListInput = z
  .object({
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(100, 'Limit must be at most 100')
      .default(30),
    /** Older than this notification's id (the next page of the inbox). */
    before: z
      .string()
      .regex(/^[0-9]{1,19}$/, 'Before must be a notification id')
      .optional(),
  })
  .default({ limit: 30 });
export type NotificationListInput = z.input<typeof notificationListInput>;

const notificationId = z.string().regex(/^[0-9]{1,19}$/, 'Each id must be a notification id');

/** `{ids}` marks those read, `{all: true}` every one. */
export const markNotificationsReadInput = z.union([
  z.object({
    ids: z
      .array(notificationId, { error: 'Ids must be a list of notification ids' })
      .min(1, 'Name at least one notification')
      .max(100, 'At most 100 notifications at once'),
  }),
  z.object({ all: z.literal(true, { error: 'All must be true' }) }),
]);
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadInput>;
