import type { Executor } from '@bank/db';
import type { NotificationType } from '@bank/db/enums';
import { type SQL, sql } from 'drizzle-orm';
import type { Counterparty } from '../ledger/counterparty.ts';

export const EVENTS_CHANNEL = 'bank_events';

/** Every event a signed-in client can receive (docs/architecture.md 6). */
export type AppEvent =
  | { type: 'security:signin'; data: { at: string; ip: string | null; userAgent: string | null } }
  /** A change to how the account is protected (password, two-factor). */
  | { type: 'security:alert'; data: { title: string; detail: string } }
  | {
      type: 'transaction:new';
      data: {
        transactionId: string;
        type: string;
        status: string;
        amount: number;
        direction: 'credit' | 'debit';
        description: string;
        /** Absent from events written before it was sent (a resume may read them back). */
        counterparty?: Counterparty;
        newBalance: number;
        /** The customer's "Transaction Notifications" choice: false updates silently. */
        notify: boolean;
      };
    }
  | {
      type: 'transaction:updated';
      data: {
        transactionId: string;
        type: string;
        status: string;
        amount: number;
        description: string;
        notify: boolean;
        /** Present when money moved back (a failed transfer returned to the sender). */
        newBalance?: number;
      };
    }
  | { type: 'ticket:response'; data: { ticketId: string; message?: string } }
  | {
      type: 'loan:status';
      data: { loanId: string; status: string; reason?: string | null; overdue?: boolean };
    }
  /** A customer edited a pending application: loan management screens refresh it. */
  | { type: 'loan:updated'; data: { loanId: string; version: number } }
  /** `active: false` tells clients the bank is open again, so they carry on without reloading. */
  | { type: 'system:maintenance'; data: { active: boolean; message: string; infoUrl: string } }
  | { type: 'system:error'; data: { message: string } }
  /** Staff froze, lifted, held or released on one of the customer's accounts. */
  | { type: 'account:restrictions'; data: { accountNumber: string } }
  /**
   * Something the customer must know about a scheduled transfer: too little money for tomorrow's
   * payment, a payment that failed, a schedule the bank suspended or cancelled.
   */
  | {
      type: 'scheduled:notice';
      data: {
        scheduleId: string;
        kind: 'low_balance' | 'failed' | 'suspended' | 'cancelled';
        title: string;
        message: string;
      };
    }
  /** A dispute the customer opened moved on (opened, credited, resolved, denied, withdrawn). */
  | {
      type: 'dispute:status';
      data: {
        disputeId: string;
        transactionId: string;
        status: string;
        title: string;
        message: string;
      };
    }
  | { type: 'new_support_message'; data: Record<string, unknown> & { ticketId: string } }
  | { type: 'support:ticket_updated'; data: { ticketId: string; status: string } }
  | { type: 'support:agent_joined'; data: { ticketId: string; agentName: string } }
  | {
      type: 'support:typing';
      data: { ticketId: string; userId: string; name: string; at: string };
    };

/**
 * `userId: null` reaches every connected client (system notices). `id` is the event's row in
 * the `events` log: ids grow, and a client that reconnects resumes after the last one it saw.
 */
export interface EventEnvelope {
  id: string;
  userId: string | null;
  event: AppEvent;
}

export interface QueuedEvent {
  userId: string | null;
  event: AppEvent;
}

/**
 * The customer events that apps' webhooks are made from (webhooks/events.ts): the statement
 * that logs one also queues it in `webhook_outbox` while any app subscribes, so a webhook is
 * never lost to a crash, nor sent for a change that rolled back.
 */
export const WEBHOOK_SOURCE_EVENTS = [
  'transaction:new',
  'transaction:updated',
  'loan:status',
] as const satisfies readonly AppEvent['type'][];

/**
 * The one way events leave: two CTEs for the statement that made the change. `logged` writes
 * them to the `events` log (when `when` holds), `notified` NOTIFYs each with its id (and
 * `for_webhooks` queues the customer events apps subscribe to); PostgreSQL
 * delivers them on commit, to every instance, and never for work that was rolled back. The
 * statement must read `notified` (a plain CTE runs only when read).
 */
export function logAndNotify(events: QueuedEvent[], when: SQL, at?: string): SQL {
  // When the change was made, if not now (events announced after their commit: decision 048).
  const atColumn = at ? sql`, created_at` : sql``;
  const atValue = at ? sql`, ${at}::timestamptz` : sql``;
  const rows = JSON.stringify(
    events.map(({ userId, event }, n) => ({ n, user_id: userId, event })),
  );
  const notices = noticesOf(events);
  // The inbox keeps what the events tell, in the same statement (a data-modifying CTE runs
  // whether or not it is read); an event for everyone (userId null) is kept for every user,
  // one for no user (the tests' made-up ids) for none.
  const kept =
    notices.length === 0
      ? sql``
      : sql`, notice_rows as (
      select * from json_to_recordset(${JSON.stringify(
        notices.map((notice) => ({
          user_id: notice.userId,
          type: notice.type,
          title: notice.title,
          message: notice.message,
          link: notice.link,
          read: notice.read,
          email: notice.email,
        })),
      )}::json) as x(user_id uuid, type text, title text, message text, link text, read boolean,
        email boolean)
    ), kept as (
      insert into notifications (user_id, type, title, message, link, read, email_due${atColumn})
      select u.id, x.type, x.title, x.message, x.link, x.read, x.email and u.notify_transactions${atValue}
      from notice_rows x join users u on u.id = x.user_id
      where ${when}
      union all
      select u.id, x.type, x.title, x.message, x.link, x.read, false${atValue}
      from notice_rows x cross join users u
      where x.user_id is null and ${when}
    )`;
  return sql`logged as (
      insert into events (user_id, event${atColumn})
      select x.user_id, x.event${atValue} from json_to_recordset(${rows}::json) as x(n int, user_id uuid, event jsonb)
      where ${when}
      order by x.n
      returning id, user_id, event, created_at
    ), notified as (
      select pg_notify(${EVENTS_CHANNEL}, jsonb_build_object('id', l.id::text, 'userId', l.user_id,
        'event', l.event)::text)
      from (select * from logged order by id) l
    ), for_webhooks as (
      insert into webhook_outbox (event_id, user_id, event, created_at)
      select l.id, l.user_id, l.event, l.created_at from logged l
      where l.user_id is not null and l.event->>'type' in (${sql.join(
        WEBHOOK_SOURCE_EVENTS.map((type) => sql`${type}`),
        sql`, `,
      )})
        and exists (select 1 from webhook_subscriptions s where s.removed_at is null)
    )${kept}`;
}

/** Publishes inside the caller's transaction (or as a statement of its own). */
export async function publishEvent(
  db: Executor,
  userId: string | null,
  event: AppEvent,
): Promise<void> {
  await publishEvents(db, [{ userId, event }]);
}

export async function publishEvents(
  db: Executor,
  events: QueuedEvent[],
  /** A `timestamptz` as PostgreSQL writes it; now when absent. */
  at?: string,
): Promise<void> {
  if (events.length === 0) return;
  await db.execute(
    sql`with ${logAndNotify(events, sql`true`, at)} select count(*)::int as n from notified`,
  );
}

/** What the inbox keeps of an event: what the toast said, and where it leads. */
export interface Notice {
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  /** Kept as read: the customer did it themselves, so it is nothing new to them. */
  read?: boolean;
  /**
   * Also e-mailed, when the customer's transaction notifications are on: money from someone
   * else, a payment that failed. Not what they did themselves, nor what has its own e-mail (a
   * loan decision, a reversal).
   */
  email?: boolean;
}

/** Each event type's data, by type: lets one table hold a describer per type, typed. */
type EventData = { [E in AppEvent as E['type']]: E['data'] };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (amount: number) => usd.format(Math.abs(amount));

/** Deposits, withdrawals, repayments and transfers out: movements the customer starts. */
function madeByCustomer(data: { type: string; direction: 'credit' | 'debit' }): boolean {
  if (data.type === 'transfer') return data.direction === 'debit';
  return data.type === 'deposit' || data.type === 'withdraw' || data.type === 'loan_repayment';
}

/** What the toast said of a new movement (apps/web's realtime events), kept in the inbox. */
function movementTitle(data: EventData['transaction:new']): string {
  const amount = dollars(data.amount);
  const credit = data.direction === 'credit';
  // A reversal is the bank's correction, not a payment: it says so.
  if (data.type === 'reversal')
    return credit
      ? `${amount} came back to you by a reversal`
      : `${amount} was taken back by a reversal`;
  const other = data.counterparty?.name;
  if (credit) return `Received ${amount}${other ? ` from ${other}` : ''}`;
  return `Sent ${amount}${other ? ` to ${other}` : ''}`;
}

const loanTitles: Record<string, string> = {
  approved: 'Your loan application was approved',
  rejected: 'Your loan application was rejected',
  completed: 'Your loan is paid off',
  defaulted: 'Your loan is in default: please contact us',
};

/**
 * Which events the inbox keeps, and as what: one line per event type (a new kind of notice is
 * a new line here). An event missing, or answering null, is live only (typing, chat lines).
 */
const noticeOf: { [T in keyof EventData]?: (data: EventData[T]) => Notice | null } = {
  'transaction:new': (data) => ({
    type: data.direction === 'credit' ? 'money_in' : 'money_out',
    title: movementTitle(data),
    message: data.description,
    link: `/transactions/${data.transactionId}`,
    read: madeByCustomer(data),
    email: data.type === 'transfer' && data.direction === 'credit',
  }),
  'transaction:updated': (data) =>
    data.status === 'failed'
      ? {
          type: 'money_in',
          title: `${data.type === 'withdraw' ? 'Withdrawal' : 'Transfer'} of ${dollars(data.amount)} failed`,
          message: 'The money is back in your account.',
          link: `/transactions/${data.transactionId}`,
          email: true,
        }
      : null,
  'loan:status': (data) => ({
    type: 'loan',
    title: data.overdue
      ? 'A loan payment is overdue'
      : (loanTitles[data.status] ?? `Your loan application was ${data.status}`),
    message: data.reason ?? (data.overdue ? 'Please make the payment as soon as you can.' : ''),
    link: `/loans/${data.loanId}`,
  }),
  'ticket:response': (data) => ({
    type: 'support',
    title: 'New response on your support ticket',
    message: data.message ?? '',
    link: `/support/${data.ticketId}`,
  }),
  'support:ticket_updated': (data) => ({
    type: 'support',
    title: `Your support ticket is now ${data.status.replaceAll('_', ' ')}`,
    message: '',
    link: `/support/${data.ticketId}`,
  }),
  'dispute:status': (data) => ({
    type: 'support',
    title: data.title,
    message: data.message,
    link: `/disputes?dispute=${data.disputeId}`,
    // The customer opened or withdrew it themself: nothing new to them.
    read: data.status === 'submitted' || data.status === 'withdrawn',
  }),
  'system:maintenance': (data) => ({
    type: 'maintenance',
    title: data.active ? 'Maintenance' : 'Back in service',
    message: data.message,
    link: '/maintenance',
  }),
  'scheduled:notice': (data) => ({
    type: 'money_out',
    title: data.title,
    message: data.message,
    link: `/transfers/scheduled/${data.scheduleId}`,
  }),
  'security:signin': (data) => ({
    type: 'security',
    title: 'New sign-in to your account',
    message: [data.ip, data.userAgent].filter(Boolean).join(' · '),
    link: '/profile',
  }),
  'security:alert': (data) => ({
    type: 'security',
    title: data.title,
    message: data.detail,
    link: '/profile',
  }),
};

function describe<T extends keyof EventData>(event: { type: T; data: EventData[T] }) {
  const of = noticeOf[event.type];
  return of ? of(event.data) : null;
}

/** The notices a batch of events leaves in the inbox (userId null: every customer's). */
export function noticesOf(events: readonly QueuedEvent[]) {
  return events.flatMap(({ userId, event }) => {
    const notice = describe(event);
    return notice
      ? [{ userId, ...notice, read: notice.read ?? false, email: notice.email ?? false }]
      : [];
  });
}
