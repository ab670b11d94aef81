import { z } from 'zod';
import { last4 } from './masking.ts';
import type { TransactionRow } from './transaction-row.ts';

/**
 * The other side of a movement as one customer sees it (docs/product.md 2.12): who paid them or
 * whom they paid, the card or bank of a deposit or withdrawal, the loan of a loan's money.
 * `accountNumber` is never more than the last four digits; `bank` names an outside bank;
 * `routingNumber` is another bank's ABA routing number, where the money went there or came
 * from there by it (docs/product.md 2.12).
 */
export const counterpartySchema = z
  .object({
    name: z.string(),
    accountNumber: z.string().nullable(),
    bank: z.string().nullable(),
    routingNumber: z.string().nullable(),
  })
  .meta({ id: 'Counterparty' });
export type Counterparty = z.infer<typeof counterpartySchema>;

/**
 * What a posting records of the other sides in the row's `counterparty` (masked): an outside
 * card or bank, the sender of an internal transfer as they were named when the money moved,
 * or the loan.
 */
export interface CounterpartyRecord {
  cardLast4?: string;
  cardType?: string;
  bankName?: string;
  accountLast4?: string;
  accountName?: string;
  network?: string;
  pickupCode?: string;
  senderName?: string;
  senderAccountLast4?: string;
  loanName?: string;
  loanId?: string;
  routingNumber?: string;
}

const party = (
  name: string,
  accountNumber: string | null = null,
  bank: string | null = null,
  routingNumber: string | null = null,
) => ({ name, accountNumber, bank, routingNumber });

/**
 * The counterparty of `row` for the side that received the money (`incoming`) or paid it.
 * `senderFallback` names the sender of a transfer recorded before the sender's name was kept.
 */
export function counterpartyOf(
  row: Pick<
    TransactionRow,
    'type' | 'counterparty' | 'recipientName' | 'recipientAccountNumber' | 'description'
  >,
  incoming: boolean,
  senderFallback: string | null = null,
): Counterparty {
  const record: CounterpartyRecord = row.counterparty ?? {};
  switch (row.type) {
    case 'transfer':
      if (incoming)
        return party(
          record.senderName ?? senderFallback ?? 'Horizon Bank customer',
          record.senderAccountLast4 ?? null,
        );
      return party(
        row.recipientName ?? 'External account',
        row.recipientAccountNumber
          ? last4(row.recipientAccountNumber)
          : (record.accountLast4 ?? null),
        record.bankName ?? null,
        record.routingNumber ?? null,
      );
    case 'deposit':
    case 'withdraw':
      if (record.cardLast4) return party(`Card ending ${record.cardLast4}`, record.cardLast4);
      if (record.bankName)
        return party(
          record.bankName,
          record.accountLast4 ?? null,
          record.bankName,
          record.routingNumber ?? null,
        );
      return party('Cash pickup');
    case 'loan_disbursement':
    case 'loan_repayment':
      return party(
        record.loanName ?? row.description.replace(/ (disbursement|paid off|instalment .*)$/, ''),
        record.loanId ? last4(record.loanId) : null,
      );
    case 'fee':
      return party('Bank fees');
    case 'interest_earned':
      return party('Interest');
    case 'reversal':
      // The bank's correction: the money goes back to whoever had it before.
      return party(incoming ? 'Horizon Bank (reversal)' : (row.recipientName ?? 'Horizon Bank'));
    case 'dispute_credit':
      return party('Horizon Bank disputes');
  }
}
