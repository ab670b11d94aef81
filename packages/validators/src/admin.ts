import { z } from 'zod';

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const blockUserInput = z.object({
  id: z.uuid('User not found'),
  blocked: z.boolean(),
});

// The audit log's query lives beside the one list of its events.
export { auditLogQuery } from './audit.ts';

export const userIdInput = z.object({ id: z.uuid('User not found') });
