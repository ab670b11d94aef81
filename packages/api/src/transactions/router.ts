import { setCategoryInput } from '@bank/validators/categories';
import {
  byIdInput,
  depositInput,
  payeeLookupInput,
  transactionFilters,
  transactionListQuery,
  transferInput,
  withdrawInput,
} from '@bank/validators/money';
import { reversalInput } from '@bank/validators/operations';
import { lookupPayee } from '../accounts/payee.ts';
import { primaryAccountOf } from '../accounts/service.ts';
import { answerPosted } from '../ledger/answer.ts';
import { parsedOnce } from '../parse-once.ts';
import { actingStaff, procedureWith, router } from '../trpc.ts';
import { setCategory } from './categories.ts';
import { exportFileName } from './csv-export.ts';
import { ownTransactionListQuery } from './cursor.ts';
import { deposit } from './deposit.ts';
import * as history from './history.ts';
import { recentRecipients } from './recipients.ts';
import { requestReversal } from './reversal.ts';
import { statsOf } from './stats.ts';
import { transfer, transferDryRun } from './transfer.ts';
import { withdraw } from './withdraw.ts';

export const transactionsRouter = router({
  list: procedureWith('read:transaction:own')
    .input(parsedOnce(ownTransactionListQuery))
    .query(({ ctx, input }) => history.listTransactions(ctx.deps.db, ctx.auth.user.id, input)),
  byId: procedureWith('read:transaction:own')
    .input(byIdInput)
    .query(({ ctx, input }) => history.transactionById(ctx.deps.db, ctx.auth.user.id, input.id)),
  /** The customer's own spending category for one of their movements. */
  setCategory: procedureWith('update:transaction:own')
    .input(setCategoryInput)
    .mutation(({ ctx, input }) => setCategory(ctx.deps.db, ctx.auth.user.id, input)),
  balance: procedureWith('read:transaction:own').query(({ ctx }) =>
    history.balanceOf(ctx.deps, ctx.auth.user),
  ),
  stats: procedureWith('read:transaction:own').query(({ ctx }) =>
    statsOf(ctx.deps.db, ctx.auth.user.id),
  ),
  /**
   * The CSV export's access check and file name; GET /transactions/export streams the rows
   * (transactionsCsv), which cannot cross tRPC's JSON.
   */
  csvExport: procedureWith('read:transaction:own')
    .input(transactionFilters)
    .query(async ({ ctx }) => {
      // An account that cannot be read is refused before the first byte, not mid-stream.
      await primaryAccountOf(ctx.deps.db, ctx.auth.user.id);
      return { fileName: exportFileName(), ownerId: ctx.auth.user.id };
    }),
  /** Whom the caller's own transfers went to lately, newest first (the transfer screen). */
  recentRecipients: procedureWith('read:transaction:own').query(({ ctx }) =>
    recentRecipients(ctx.deps.db, ctx.auth.user.id),
  ),
  /** Confirmation of payee: whose account a number is, before sending (rate limited). */
  lookupPayee: procedureWith('create:transaction:own')
    .input(payeeLookupInput)
    .query(({ ctx, input }) => lookupPayee(ctx, ctx.auth.user.id, input)),
  transfer: procedureWith('create:transaction:own')
    .input(parsedOnce(transferInput))
    .mutation(({ ctx, input }) => answerPosted(ctx, transfer(ctx.deps, ctx.auth, input))),
  /** The transfer's verdict, judged by the ledger, with nothing moved (`?dryRun=true`). */
  transferDryRun: procedureWith('create:transaction:own')
    .input(parsedOnce(transferInput))
    .query(({ ctx, input }) => transferDryRun(ctx.deps, ctx.auth, input)),
  deposit: procedureWith('create:transaction:own')
    .input(parsedOnce(depositInput))
    .mutation(({ ctx, input }) => answerPosted(ctx, deposit(ctx.deps, ctx.auth, input))),
  withdraw: procedureWith('create:transaction:own')
    .input(parsedOnce(withdrawInput))
    .mutation(({ ctx, input }) => answerPosted(ctx, withdraw(ctx.deps, ctx.auth, input))),
  /** Staff: undo a movement (or void a pending one); above the bank's amount, four eyes. */
  reverse: procedureWith('update:transaction:any')
    .input(reversalInput)
    .mutation(({ ctx, input }) => requestReversal(ctx.deps, input, actingStaff(ctx))),
  /** Transaction monitoring (administrators): every customer's movements. */
  all: procedureWith('read:transaction:any')
    .input(transactionListQuery)
    .query(({ ctx, input }) => history.listAllTransactions(ctx.deps.db, input)),
});
