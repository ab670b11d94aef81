import { setupServer } from 'msw/node';
import { trpcHandlers } from './trpc-msw.ts';

export const server = setupServer(...trpcHandlers);
