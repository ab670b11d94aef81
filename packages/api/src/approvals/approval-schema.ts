import { approvalActions, approvalStatuses } from '@bank/validators/operations';
import { z } from 'zod';
import { instant, money, uuid } from '../rest/schemas.ts';

/** An approval request as the queue and the REST paths answer it (toApprovalDto). */
const person = z.object({ id: uuid, name: z.string() }).nullable();

export const approvalSchema = z
  .object({
    id: uuid,
    action: z.enum(approvalActions),
    status: z.enum(approvalStatuses),
    summary: z.string(),
    amount: money.nullable(),
    reason: z.string(),
    makerId: uuid,
    checkerId: uuid.nullable(),
    maker: person,
    checker: person,
    customer: person,
    decisionReason: z.string().nullable(),
    result: z.record(z.string(), z.unknown()).nullable(),
    createdAt: instant,
    expiresAt: instant,
    decidedAt: instant.nullable(),
  })
  .meta({ id: 'Approval' });
