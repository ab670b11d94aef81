import { messages } from '@bank/validators/messages';
import { formatMoney } from '../../lib/format.ts';
import type { Notification } from '../../lib/toaster.ts';
import type { AppEvent } from './event-schema.ts';

export type { AppEvent } from './event-schema.ts';

export interface EventEffects {
  notification: Notification | null;
  /** Balances and lists changed: cached queries must be fetched again. */
  invalidate: boolean;
  /** Money moved: balances, statistics, history and the session's balance are stale. */
  money?: { newBalance: number | null };
  /** Maintenance began (true) or ended (false). */
  maintenance?: boolean;
}

/** Safe targets for 'Learn More': this site, or an http(s) page. */
export function safeInfoUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Deposits, withdrawals, repayments and transfers out: movements the customer starts. */
function madeByCustomer(data: { type?: string; direction?: string }): boolean {
  if (data.type === 'transfer') return data.direction === 'debit';
  return data.type === 'deposit' || data.type === 'withdraw' || data.type === 'loan_repayment';
}

/** An event told as plain information; `invalidate` when lists and balances changed with it. */
function inform(message: string, { invalidate }: { invalidate: boolean }): EventEffects {
  return { notification: { type: 'info', message }, invalidate };
}

/** What one event shows and refreshes (docs/product.md 4, real-time connection). */
export function effectsOf(event: AppEvent): EventEffects {
  switch (event.type) {
    case 'security:signin':
      return inform('New sign-in to your account', { invalidate: false });
    case 'security:alert':
      return {
        notification: {
          type: 'warning',
          title: event.data.title,
          message: event.data.detail ?? '',
        },
        invalidate: false,
      };
    case 'transaction:new': {
      const amount = formatMoney(Math.abs(event.data.amount ?? 0));
      const credit = event.data.direction === 'credit';
      const other = event.data.counterparty?.name;
      // A reversal is the bank's correction, not a payment: it says so (docs/product.md 2.26).
      const said =
        event.data.type === 'reversal'
          ? credit
            ? ({ type: 'success', message: `${amount} came back to you by a reversal` } as const)
            : ({ type: 'warning', message: `${amount} was taken back by a reversal` } as const)
          : credit
            ? ({
                type: 'success',
                message: `Received ${amount}${other ? ` from ${other}` : ''}`,
              } as const)
            : ({ type: 'info', message: `Sent ${amount}${other ? ` to ${other}` : ''}` } as const);
      return {
        // Customers who turned transaction notifications off see the numbers change quietly,
        // and so does a movement the customer made: its own screen says so (one toast).
        notification: event.data.notify === false || madeByCustomer(event.data) ? null : said,
        invalidate: true,
        money: { newBalance: event.data.newBalance ?? null },
      };
    }
    case 'transaction:updated': {
      // A pending transfer or withdrawal cleared (quietly), or failed and its money came back.
      const failed = event.data.status === 'failed' && event.data.notify !== false;
      const amount = formatMoney(Math.abs(event.data.amount ?? 0));
      return {
        notification: failed
          ? {
              type: 'error',
              message: `${event.data.type === 'withdraw' ? 'Withdrawal' : 'Transfer'} of ${amount} failed; the money is back in your account`,
            }
          : null,
        invalidate: true,
        money: { newBalance: event.data.newBalance ?? null },
      };
    }
    case 'ticket:response':
      return inform('New response on your support ticket', { invalidate: true });
    case 'loan:status':
      return { notification: loanNotification(event.data), invalidate: true };
    case 'account:restrictions':
      // Staff froze, lifted, held or released: the dashboard's banner and holds show it now.
      return inform('Your account’s restrictions changed', { invalidate: true });
    case 'dispute:status':
      // A dispute moved on: said now (the inbox and e-mail keep it); the customer's own
      // reports and withdrawals are said by their own screens.
      return {
        notification:
          event.data.status === 'submitted' || event.data.status === 'withdrawn'
            ? null
            : { type: 'info', title: event.data.title, message: event.data.message ?? '' },
        invalidate: true,
      };
    case 'loan:updated':
      // A customer edited an application: the loan management screen shows it anew, quietly.
      return { notification: null, invalidate: true };
    case 'system:maintenance': {
      const infoUrl = safeInfoUrl(event.data.infoUrl);
      // Older notices carry no flag: a notice of maintenance means it is on.
      if (event.data.active === false) {
        return {
          notification: { id: 'maintenance', type: 'success', message: event.data.message },
          invalidate: false,
          maintenance: false,
        };
      }
      return {
        maintenance: true,
        notification: {
          id: 'maintenance',
          type: 'warning',
          message: event.data.message,
          duration: 0,
          action: infoUrl
            ? {
                label: 'Learn More',
                onClick: () => {
                  window.open(infoUrl, '_blank', 'noopener,noreferrer');
                },
              }
            : undefined,
        },
        invalidate: false,
      };
    }
    case 'system:error':
      return {
        notification: { type: 'error', title: 'System Error', message: event.data.message },
        invalidate: false,
      };
    case 'new_support_message':
    case 'support:agent_joined':
    case 'support:typing':
      // The open ticket chat listens for these itself.
      return { notification: null, invalidate: false };
    case 'support:ticket_updated':
      return inform(`Your support ticket is now ${event.data.status.replaceAll('_', ' ')}`, {
        invalidate: true,
      });
  }
}

export const socketMessages = {
  authFailed: messages.socketAuthFailed,
  unavailable: messages.socketUnavailable,
} as const;

/** What a borrower is told when their loan changes (docs/product.md 4: approved success, else error). */
function loanNotification(data: {
  status: string;
  reason?: string | null | undefined;
  overdue?: boolean | undefined;
}): Notification {
  switch (data.status) {
    case 'approved':
      return data.overdue
        ? { type: 'warning', message: 'A loan payment is overdue' }
        : { type: 'success', message: 'Your loan application was approved' };
    case 'rejected':
      return {
        type: 'error',
        message: data.reason
          ? `Your loan application was rejected: ${data.reason}`
          : 'Your loan application was rejected',
      };
    case 'completed':
      return { type: 'success', message: 'Your loan is paid off' };
    case 'defaulted':
      return { type: 'error', message: 'Your loan is in default: please contact us' };
    default:
      return { type: 'error', message: `Your loan application was ${data.status}` };
  }
}
