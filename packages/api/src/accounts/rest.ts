import { z } from 'zod';
import { defineRoute, noInput } from '../rest/define.ts';
import { accountDetailsSchema } from './details.ts';

export const accountRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/accounts',
    summary:
      'List the customer’s accounts. Each with what a payer needs (account and routing number, holder, bank), the balance and what is available to spend.',
    description:
      'Give `accountNumber`, `routingNumber`, `holderName` and `bankName` to an employer for direct deposit or to anyone paying from another bank. `available` is the balance less any holds.',
    tag: 'Accounts',
    access: 'customer',
    appScope: 'accounts:read',
    input: noInput,
    output: z.object({ data: z.array(accountDetailsSchema) }),
    handle: ({ caller }) => caller.accounts.list(),
  }),
];
