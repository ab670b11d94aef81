import { z } from 'zod';
import './human-errors.ts';

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const blockUserInput = z.object({
  id: z.uuid('User not found'),
  blocked: z.boolean(),
});

export const auditLogQuery = paginationQuery;

export const userIdInput = z.object({ id: z.uuid('User not found') });
