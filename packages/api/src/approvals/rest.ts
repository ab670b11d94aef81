import {
  approvalIdInput,
  approvalListQuery,
  approvalRejectInput,
} from '@bank/validators/operations';
import { z } from 'zod';
import { defineRoute } from '../rest/define.ts';
import { approvalSchema } from './approval-schema.ts';

const tag = 'Admin';

const decided = z.object({ approval: approvalSchema });

export const approvalRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/approvals',
    summary:
      'List approval requests. Actions waiting for a second staff member (oldest first), or those approved, rejected or expired.',
    tag,
    access: 'admin',
    input: approvalListQuery,
    output: z.object({ data: z.array(approvalSchema) }),
    example: { status: 'pending' },
    handle: ({ caller, input }) => caller.approvals.list(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/approvals/:id/approve',
    summary:
      'Approve a request. The action runs now with both staff members in the audit log; the maker cannot approve their own.',
    description:
      'Refused with 403 `OWN_REQUEST` for the request’s maker and `OWN_ACCOUNT` for the customer it touches; 409 `APPROVAL_CLOSED` once it was decided or expired (24 hours). If the action’s own rules now refuse it (say the money moved meanwhile), the request stays pending and that refusal is the answer.',
    tag,
    access: 'admin',
    errors: [409],
    input: approvalIdInput,
    output: decided,
    handle: ({ caller, input }) => caller.approvals.approve(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/approvals/:id/reject',
    summary: 'Reject a request. Nothing runs; the reason is kept and audited.',
    tag,
    access: 'admin',
    errors: [409],
    input: approvalRejectInput,
    output: decided,
    handle: ({ caller, input }) => caller.approvals.reject(input),
  }),
];
