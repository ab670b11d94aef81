import { accountRestRoutes } from '../accounts/rest.ts';
import { adminRestRoutes } from '../admin/rest.ts';
import { approvalRestRoutes } from '../approvals/rest.ts';
import { authRestRoutes } from '../auth/rest.ts';
import { bankRestRoutes } from '../banks/rest.ts';
import { cardRestRoutes } from '../cards/rest.ts';
import { devRestRoutes } from '../dev/rest.ts';
import { disputeRestRoutes } from '../disputes/rest.ts';
import { loanRestRoutes } from '../loans/rest.ts';
import { notificationRestRoutes } from '../notifications/rest.ts';
import { oversightRestRoutes } from '../oversight/rest.ts';
import { partnerRestRoutes } from '../partners/rest.ts';
import { payeeRestRoutes } from '../payees/rest.ts';
import { restrictionRestRoutes } from '../restrictions/rest.ts';
import { scheduledRestRoutes } from '../scheduled/rest.ts';
import { settingsRestRoutes } from '../settings/rest.ts';
import { statementRestRoutes } from '../statements/rest.ts';
import { supportRestRoutes } from '../support/rest.ts';
import { transactionRestRoutes } from '../transactions/rest.ts';
import { webhookRestRoutes } from '../webhooks/rest.ts';
import type { RestRoute } from './define.ts';

/** Every /api/v1 path, in the order the reference lists them. */
export const restRoutes: RestRoute[] = [
  ...authRestRoutes,
  ...accountRestRoutes,
  ...transactionRestRoutes,
  ...statementRestRoutes,
  ...notificationRestRoutes,
  ...cardRestRoutes,
  ...bankRestRoutes,
  ...payeeRestRoutes,
  ...scheduledRestRoutes,
  ...loanRestRoutes,
  ...supportRestRoutes,
  ...adminRestRoutes,
  ...partnerRestRoutes,
  ...restrictionRestRoutes,
  ...approvalRestRoutes,
  ...disputeRestRoutes,
  ...settingsRestRoutes,
  ...oversightRestRoutes,
  ...webhookRestRoutes,
  ...devRestRoutes,
];
