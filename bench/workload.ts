/**
 * What the load is made of, shared by both load generators (wrk's Lua script and the Node
 * client), so that the two send the same requests and judge the answers the same way.
 */

export interface Customer {
  token: string;
  accountNumber: string;
}

export type Kind = 'transfer' | 'deposit' | 'withdraw' | 'history';

/** Share of each kind in the mixed load, in percent: every kind often enough to contend. */
export const mixedShares: Record<Kind, number> = {
  transfer: 40,
  deposit: 20,
  withdraw: 20,
  history: 20,
};

/** Every movement moves between $0.01 and this many cents, far below any balance or limit. */
export const maxAmountCents = 500;

export const routes: Record<Kind, { method: 'GET' | 'POST'; path: string }> = {
  transfer: { method: 'POST', path: '/api/v1/transactions/transfer' },
  deposit: { method: 'POST', path: '/api/v1/transactions/deposit' },
  withdraw: { method: 'POST', path: '/api/v1/transactions/withdraw' },
  history: { method: 'GET', path: '/api/v1/transactions?page=1&limit=10' },
};

/**
 * What the history-search phase asks (`?q=`), in turn: words many rows hold, words few hold and
 * words none holds (the filled history's descriptions are 'History <n>').
 */
export const searchWords = ['history 12', '99999', 'pizza night'] as const;

/** What a deposit and a withdrawal send besides the amount (validators/src/money.ts). */
export const depositFields = {
  method: 'card',
  cardNumber: '4111111111111111',
  expiryDate: '12/39',
  cvv: '123',
} as const;
export const withdrawalFields = { method: 'cash_pickup' } as const;

/**
 * The start of each refusal's message (the limits go on to name the amount).
 * A rule saying no (400 with one of these messages) is a refusal, not a failure: under a mixed
 * load a customer may run short or reach a daily limit. Any other non-2xx answer is a failure.
 */
export const refusalMessages = [
  'Insufficient funds',
  'Daily transfer limit exceeded',
  'Daily withdrawal limit exceeded',
] as const;

/** How one answer counts. */
export type Verdict = { answered: true } | { refused: string } | { failed: true };

export function judge(status: number, body: string): Verdict {
  if (status >= 200 && status < 300) return { answered: true };
  if (status === 400) {
    const refusal = refusalMessages.find((message) => body.includes(`"message":"${message}`));
    if (refusal) return { refused: refusal };
  }
  return { failed: true };
}

/** What one phase of load measured, whichever client produced it. */
export interface LoadResult {
  client: 'wrk' | 'node';
  /** Seconds the load ran. */
  elapsed: number;
  /** 2xx answers by kind. */
  answered: Record<string, number>;
  /** 400 refusals by message. */
  refused: Record<string, number>;
  failed: number;
  /** Milliseconds, over every request of the phase. */
  p50: number;
  p99: number;
  failureSamples: string[];
}

export function answeredTotal(result: LoadResult): number {
  return Object.values(result.answered).reduce((sum, count) => sum + count, 0);
}

export function refusedTotal(result: LoadResult): number {
  return Object.values(result.refused).reduce((sum, count) => sum + count, 0);
}

/** 2xx answers per second. */
export function answeredRate(result: LoadResult): number {
  return answeredTotal(result) / result.elapsed;
}
