import { byIdInput, cardInput, cardUpdateInput, pageQuery } from '@bank/validators/money';
import { z } from 'zod';
import { defineRoute } from '../rest/define.ts';
import { pagination } from '../rest/schemas.ts';
import { cardDtoSchema } from './service.ts';

const tag = 'Cards';

export const cardRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/cards',
    summary: 'Saved cards, masked to the last four digits.',
    tag,
    access: 'customer',
    input: pageQuery,
    output: z.object({ cards: z.array(cardDtoSchema), pagination }),
    handle: ({ caller, input }) => caller.cards.list(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/cards',
    summary: 'Save a card: the number is sealed, the CVV kept only as a keyed hash.',
    tag,
    access: 'customer',
    input: cardInput,
    output: z.object({ message: z.string(), card: cardDtoSchema, pagination }),
    successStatus: 201,
    handle: async ({ caller, input }) => {
      const created = await caller.cards.create(input);
      const { pagination: page } = await caller.cards.list({ page: 1, limit: 10 });
      return { ...created, pagination: page };
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/cards/:id',
    summary: 'Edit a card’s type, name, expiry (MM/YY or expiryMonth/expiryYear) or CVV.',
    tag,
    access: 'customer',
    input: cardUpdateInput,
    output: z.object({ message: z.string(), card: cardDtoSchema }),
    handle: ({ caller, input }) => caller.cards.update(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/cards/:id',
    summary: 'Remove a saved card.',
    tag,
    access: 'customer',
    input: byIdInput,
    output: z.object({ message: z.string(), id: z.string() }),
    handle: ({ caller, input }) => caller.cards.remove(input),
  }),
];
