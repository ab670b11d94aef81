/** A customer's question to support, as the tests open a ticket when its words do not matter. */
export const supportQuestion = {
  subject: 'Card not arriving',
  category: 'other' as const,
  priority: 'medium' as const,
  description: 'It has been two weeks since I ordered it.',
};
