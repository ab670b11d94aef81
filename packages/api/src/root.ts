import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accountsRouter } from './accounts/router.ts';
import { adminRouter } from './admin/router.ts';
import { approvalsRouter } from './approvals/router.ts';
import { authRouter } from './auth/router.ts';
import { banksRouter } from './banks/router.ts';
import { cardsRouter } from './cards/router.ts';
import { devRouter } from './dev/router.ts';
import { disputesRouter } from './disputes/router.ts';
import { loansRouter } from './loans/router.ts';
import { notificationsRouter } from './notifications/router.ts';
import { oversightRouter } from './oversight/router.ts';
import { partnersRouter } from './partners/router.ts';
import { payeesRouter } from './payees/router.ts';
import { eventsRouter } from './realtime/router.ts';
import { restrictionsRouter } from './restrictions/router.ts';
import { scheduledRouter } from './scheduled/router.ts';
import { settingsRouter } from './settings/router.ts';
import { statementsRouter } from './statements/router.ts';
import { supportRouter } from './support/router.ts';
import { transactionsRouter } from './transactions/router.ts';
import { createCallerFactory, router } from './trpc.ts';
import { webhooksRouter } from './webhooks/router.ts';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  approvals: approvalsRouter,
  oversight: oversightRouter,
  accounts: accountsRouter,
  transactions: transactionsRouter,
  cards: cardsRouter,
  banks: banksRouter,
  payees: payeesRouter,
  scheduled: scheduledRouter,
  partners: partnersRouter,
  loans: loansRouter,
  support: supportRouter,
  settings: settingsRouter,
  restrictions: restrictionsRouter,
  disputes: disputesRouter,
  statements: statementsRouter,
  notifications: notificationsRouter,
  events: eventsRouter,
  webhooks: webhooksRouter,
  dev: devRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
