import type { LoanType } from '@bank/db/enums';
import { formatUsd } from '../money/cents.ts';
import type { BankSettings } from '../settings/service.ts';

/** What the bank lends for each type: the one product table (docs/product.md 9's tiles and two more). */
export interface LoanProduct {
  type: LoanType;
  name: string;
  minAmountCents: bigint;
  maxAmountCents: bigint;
  minTermMonths: number;
  maxTermMonths: number;
  /** Yearly rate in basis points, as offered today. */
  rateBps: number;
}

type Rates = Pick<BankSettings, 'personalLoanRateBps' | 'businessLoanRateBps' | 'mortgageRateBps'>;

/**
 * Personal, business and mortgage follow the bank settings' rates (an administrator's change
 * reaches new offers); education and vehicle have fixed rates of their own (README, Loans).
 */
export function loanProducts(rates: Rates): LoanProduct[] {
  return [
    {
      type: 'personal',
      name: loanProductNames.personal,
      minAmountCents: 100_000n,
      maxAmountCents: 5_000_000n,
      minTermMonths: 12,
      maxTermMonths: 60,
      rateBps: rates.personalLoanRateBps,
    },
    {
      type: 'business',
      name: loanProductNames.business,
      minAmountCents: 1_000_000n,
      maxAmountCents: 50_000_000n,
      minTermMonths: 12,
      maxTermMonths: 84,
      rateBps: rates.businessLoanRateBps,
    },
    {
      type: 'mortgage',
      name: loanProductNames.mortgage,
      minAmountCents: 5_000_000n,
      maxAmountCents: 100_000_000n,
      minTermMonths: 120,
      maxTermMonths: 360,
      rateBps: rates.mortgageRateBps,
    },
    {
      type: 'education',
      name: loanProductNames.education,
      minAmountCents: 100_000n,
      maxAmountCents: 10_000_000n,
      minTermMonths: 12,
      maxTermMonths: 120,
      rateBps: 550,
    },
    {
      type: 'vehicle',
      name: loanProductNames.vehicle,
      minAmountCents: 500_000n,
      maxAmountCents: 10_000_000n,
      minTermMonths: 12,
      maxTermMonths: 84,
      rateBps: 790,
    },
  ];
}

/** What the history and e-mails call each type. */
export const loanProductNames: Record<LoanType, string> = {
  personal: 'Personal Loan',
  business: 'Business Loan',
  mortgage: 'Mortgage',
  education: 'Education Loan',
  vehicle: 'Vehicle Loan',
};

export function productFor(rates: Rates, type: LoanType): LoanProduct {
  const product = loanProducts(rates).find((candidate) => candidate.type === type);
  if (!product) throw new Error(`No loan product ${type}`);
  return product;
}

/** What is wrong with an amount or term for this product, in words naming its range. */
export function outOfRange(
  product: LoanProduct,
  amountCents: bigint,
  termMonths: number,
): Array<{ field: 'amount' | 'term'; message: string }> {
  const problems: Array<{ field: 'amount' | 'term'; message: string }> = [];
  const label = product.name.toLowerCase().replace(/ loan$/, '');
  if (amountCents < product.minAmountCents || amountCents > product.maxAmountCents) {
    problems.push({
      field: 'amount',
      message: `Amount must be between ${formatUsd(product.minAmountCents)} and ${formatUsd(product.maxAmountCents)} for a ${label} loan`,
    });
  }
  if (termMonths < product.minTermMonths || termMonths > product.maxTermMonths) {
    problems.push({
      field: 'term',
      message: `Term must be between ${product.minTermMonths} and ${product.maxTermMonths} months for a ${label} loan`,
    });
  }
  return problems;
}
