import type { DisputeStatus } from '@bank/db/enums';

/**
 * Regulation E's clocks, from the day the customer reports the problem: a provisional credit
 * within 10 business days, a decision within 45 days. Business days skip Saturdays and Sundays
 * (counted in UTC); bank holidays are not kept, so the deadline can only come early, never late.
 */
export const CREDIT_BUSINESS_DAYS = 10;
export const DECISION_DAYS = 45;

const DAY_MS = 24 * 60 * 60 * 1000;

export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}

export function deadlinesFrom(openedAt: Date) {
  return {
    creditDueAt: addBusinessDays(openedAt, CREDIT_BUSINESS_DAYS),
    decisionDueAt: new Date(openedAt.getTime() + DECISION_DAYS * DAY_MS),
  };
}

interface Clocked {
  status: DisputeStatus;
  creditDueAt: Date;
  decisionDueAt: Date;
}

/** Which deadline the dispute now runs against, and whether it has passed. */
export function standing(dispute: Clocked, now: Date) {
  const open =
    dispute.status === 'submitted' ||
    dispute.status === 'investigating' ||
    dispute.status === 'provisional_credit';
  if (!open) return { nextDeadline: null, late: false, creditLate: false, decisionLate: false };
  const creditLate = dispute.status !== 'provisional_credit' && now > dispute.creditDueAt;
  const decisionLate = now > dispute.decisionDueAt;
  const nextDeadline =
    dispute.status === 'provisional_credit' ? dispute.decisionDueAt : dispute.creditDueAt;
  return { nextDeadline, late: creditLate || decisionLate, creditLate, decisionLate };
}
