import { describe, expect, it } from 'vitest';
import {
  addMonths,
  interestBetween,
  monthlyPayment,
  offerFor,
  repaymentSchedule,
} from './schedule.ts';

const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

describe('the annuity schedule in cents', () => {
  it('pays 890.83 a month for 10,000.00 at 12.5 % over 12 months, as PMT does', () => {
    // =PMT(12.5%/12, 12, -10000) = 890.8301…; eleven of those and a last one that closes at 0.
    const terms = { amountCents: 1_000_000n, rateBps: 1250, termMonths: 12 };
    expect(monthlyPayment(terms)).toBe(89_083n);
    const offer = offerFor(terms, '2026-01-15');
    const rows = offer.schedule;
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({
      dueDate: '2026-02-15',
      amountCents: 89_083n,
      interestCents: 10_417n, // 10,000.00 × 12.5 % / 12 = 104.1666…
      principalCents: 78_666n,
      balanceCents: 921_334n,
    });
    expect(rows.slice(0, 11).every((row) => row.amountCents === 89_083n)).toBe(true);
    expect(rows[11]).toMatchObject({ amountCents: 89_080n, balanceCents: 0n });
    expect(sum(rows.map((row) => row.principalCents))).toBe(1_000_000n);
    // Spreadsheet, rounding each month's interest to the cent: 689.93.
    expect(offer.totalInterestCents).toBe(68_993n);
    expect(offer.totalPayableCents).toBe(1_068_993n);
  });

  it('splits the principal equally at 0 %, the last part absorbing the remainder', () => {
    const rows = repaymentSchedule(
      { amountCents: 100_000n, rateBps: 0, termMonths: 3 },
      '2026-03-01',
    );
    expect(rows.map((row) => row.principalCents)).toEqual([33_334n, 33_334n, 33_332n]);
    expect(rows.every((row) => row.interestCents === 0n)).toBe(true);
    expect(rows.at(-1)?.balanceCents).toBe(0n);
  });

  it('pays 1,896.20 a month on a 300,000.00 mortgage at 6.5 % over 360 months', () => {
    const terms = { amountCents: 30_000_000n, rateBps: 650, termMonths: 360 };
    expect(monthlyPayment(terms)).toBe(189_620n);
    const rows = repaymentSchedule(terms, '2026-01-31');
    expect(rows).toHaveLength(360);
    expect(sum(rows.map((row) => row.principalCents))).toBe(30_000_000n);
    expect(rows.every((row) => row.balanceCents >= 0n)).toBe(true);
    const last = rows.at(-1);
    expect(last?.balanceCents).toBe(0n);
    expect(last?.dueDate).toBe('2056-01-31');
    // The last row takes the rounding of 359 months: within a few dollars of the level payment.
    expect(last && last.amountCents - 189_620n).toBeLessThan(1_000n);
  });

  it('keeps every row consistent: payment = principal + interest, balance falls by principal', () => {
    const rows = repaymentSchedule(
      { amountCents: 2_345_678n, rateBps: 1099, termMonths: 37 },
      '2026-05-31',
    );
    let balance = 2_345_678n;
    for (const row of rows) {
      expect(row.amountCents).toBe(row.principalCents + row.interestCents);
      balance -= row.principalCents;
      expect(row.balanceCents).toBe(balance);
    }
    expect(balance).toBe(0n);
  });
});

describe('due dates', () => {
  it('fall monthly; a day the month lacks falls on its last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-11-30', 15)).toBe('2028-02-29');
    const rows = repaymentSchedule(
      { amountCents: 300_000n, rateBps: 500, termMonths: 3 },
      '2026-01-31',
    );
    expect(rows.map((row) => row.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });
});

describe('interest to date', () => {
  it('accrues the yearly rate over 365 days, rounded half up', () => {
    // 10,000.00 at 12.5 % for 10 days: 34.2465… -> 34.25
    expect(interestBetween(1_000_000n, 1250, '2026-03-01', '2026-03-11')).toBe(3_425n);
    expect(interestBetween(1_000_000n, 1250, '2026-03-11', '2026-03-11')).toBe(0n);
  });
});
