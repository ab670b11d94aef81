/**
 * Loan arithmetic in integer cents (STYLE.md 7): the annuity payment as an exact fraction of
 * big integers, rounded half up once; each month's interest rounded half up; the last
 * instalment takes whatever principal is left, so the principal column sums to the amount and
 * the balance ends at exactly 0.
 */

export interface Instalment {
  paymentNumber: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  amountCents: bigint;
  principalCents: bigint;
  interestCents: bigint;
  /** Principal still owed after this instalment. */
  balanceCents: bigint;
}

export interface LoanTerms {
  amountCents: bigint;
  /** Yearly, in basis points. */
  rateBps: number;
  termMonths: number;
}

/** A year of twelve months in basis points: the monthly rate is rateBps / MONTHLY_DENOMINATOR. */
const MONTHLY_DENOMINATOR = 120_000n;

/** numerator / denominator rounded half up (both positive). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** One month's interest on a balance. */
export function monthlyInterest(balanceCents: bigint, rateBps: number): bigint {
  return divideRounded(balanceCents * BigInt(rateBps), MONTHLY_DENOMINATOR);
}

/**
 * The level monthly payment: P·r / (1 − (1 + r)^−n) with r = bps / 120000, that is
 * P·bps·(120000 + bps)^n / (120000 · ((120000 + bps)^n − 120000^n)); without interest, the
 * principal in equal parts (rounded up, so that the last part is the smallest).
 */
export function monthlyPayment({ amountCents, rateBps, termMonths }: LoanTerms): bigint {
  const n = BigInt(termMonths);
  if (rateBps === 0) return (amountCents + n - 1n) / n;
  const bps = BigInt(rateBps);
  const grown = (MONTHLY_DENOMINATOR + bps) ** n;
  const base = MONTHLY_DENOMINATOR ** n;
  return divideRounded(amountCents * bps * grown, MONTHLY_DENOMINATOR * (grown - base));
}

/** The date `months` after `start` (YYYY-MM-DD); a day the month lacks falls on its last day. */
export function addMonths(start: string, months: number): string {
  const [year = 0, month = 1, day = 1] = start.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
  return date.toISOString().slice(0, 10);
}

/** The whole schedule, instalment 1 due a month after `startDate`. */
export function repaymentSchedule(terms: LoanTerms, startDate: string): Instalment[] {
  const payment = monthlyPayment(terms);
  const rows: Instalment[] = [];
  let balance = terms.amountCents;
  for (let number = 1; number <= terms.termMonths; number += 1) {
    const interest = monthlyInterest(balance, terms.rateBps);
    const last = number === terms.termMonths;
    // Never more principal than is owed: a short final payment rather than a negative balance.
    const principal = last ? balance : min(payment - interest, balance);
    balance -= principal;
    rows.push({
      paymentNumber: number,
      dueDate: addMonths(startDate, number),
      amountCents: principal + interest,
      principalCents: principal,
      interestCents: interest,
      balanceCents: balance,
    });
  }
  return rows;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export interface Offer {
  monthlyPaymentCents: bigint;
  totalInterestCents: bigint;
  totalPayableCents: bigint;
  schedule: Instalment[];
}

export function offerFor(terms: LoanTerms, startDate: string): Offer {
  const schedule = repaymentSchedule(terms, startDate);
  const totalInterestCents = schedule.reduce((sum, row) => sum + row.interestCents, 0n);
  return {
    monthlyPaymentCents: monthlyPayment(terms),
    totalInterestCents,
    totalPayableCents: terms.amountCents + totalInterestCents,
    schedule,
  };
}

/**
 * Interest from `fromDate` to `toDate` on a balance (an early payoff pays interest only to
 * date): the yearly rate over 365 days, rounded half up.
 */
export function interestBetween(
  balanceCents: bigint,
  rateBps: number,
  fromDate: string,
  toDate: string,
): bigint {
  const days = Math.max(
    0,
    Math.round(
      (Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000,
    ),
  );
  return divideRounded(balanceCents * BigInt(rateBps) * BigInt(days), 10_000n * 365n);
}
