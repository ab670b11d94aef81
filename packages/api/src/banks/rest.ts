import { bankListQuery } from '@bank/validators/admin';
import { bankInput, bankUpdateInput, byIdInput } from '@bank/validators/money';
import { z } from 'zod';
import { defineRoute, noInput } from '../rest/define.ts';
import { bankDtoSchema } from './service.ts';

const tag = 'Banks';

export const bankRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/banks',
    summary: 'The customer’s linked banks.',
    tag,
    access: 'customer',
    input: noInput,
    output: z.object({ data: z.array(bankDtoSchema) }),
    handle: ({ caller }) => caller.banks.list(),
  }),
  defineRoute({
    method: 'GET',
    path: '/banks/all',
    summary: 'A page of every linked bank, masked, with its owner (administrators).',
    tag,
    access: 'admin',
    input: bankListQuery,
    output: z.object({
      data: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          maskedAccountNumber: z.string(),
          routingNumber: z.string(),
          accountType: z.string(),
          user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
          createdAt: z.string(),
        }),
      ),
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      hasMore: z.boolean(),
    }),
    handle: ({ caller, input }) => caller.banks.all(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/banks',
    summary: 'Link a bank account.',
    tag,
    access: 'customer',
    input: bankInput,
    output: z.object({ message: z.string(), bank: bankDtoSchema }),
    successStatus: 201,
    handle: ({ caller, input }) => caller.banks.create(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/banks/:id',
    summary: 'Update a linked bank (all four fields required).',
    tag,
    access: 'customer',
    input: bankUpdateInput,
    output: z.object({ message: z.string(), bank: bankDtoSchema }),
    handle: ({ caller, input }) => caller.banks.update(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/banks/:id',
    summary: 'Remove a linked bank.',
    tag,
    access: 'customer',
    input: byIdInput,
    output: z.object({ message: z.string(), id: z.string() }),
    handle: ({ caller, input }) => caller.banks.remove(input),
  }),
];
