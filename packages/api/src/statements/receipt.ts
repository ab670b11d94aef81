import type { AppDeps } from '../deps.ts';
import { transactionById } from '../transactions/history.ts';
import { wallClock } from './calendar.ts';
import { receiptPdf, typeLabels } from './render.ts';
import type { FileAnswer } from './service.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const statusLabels = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;

/** 'Mar 5, 2026, 14:07 America/New_York': a receipt says the time, in the bank's zone. */
function dateTime(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(instant);
  const wall = wallClock(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date}, ${pad(wall.hour)}:${pad(wall.minute)} (${timeZone})`;
}

/** GET /transactions/{id}/receipt: one of the customer's own movements as a PDF. */
export async function transactionReceipt(
  deps: Pick<AppDeps, 'db' | 'settings'>,
  userId: string,
  id: string,
): Promise<FileAnswer> {
  const settings = await deps.settings.get();
  const transaction = await transactionById(deps.db, userId, id);
  const signed = transaction.direction === 'credit' ? transaction.amount : -transaction.amount;
  const counterparty =
    transaction.direction === 'credit'
      ? transaction.sender
        ? `${transaction.sender.firstName} ${transaction.sender.lastName}`
        : null
      : transaction.recipientName;
  const rows: [string, string][] = [
    ['Reference', transaction.id],
    ['Date', dateTime(transaction.createdAt, settings.timeZone)],
    ['Type', typeLabels[transaction.type]],
    ['Status', statusLabels[transaction.status]],
    ['Description', transaction.description],
    ['Category', transaction.category],
    ['Payment method', transaction.paymentMethod],
  ];
  if (counterparty) rows.push([transaction.direction === 'credit' ? 'From' : 'To', counterparty]);
  if (transaction.direction === 'debit' && transaction.recipientAccountNumber) {
    rows.push(['Account', `••${transaction.recipientAccountNumber.slice(-4)}`]);
  }
  if (transaction.notes) rows.push(['Notes', transaction.notes]);
  for (const step of transaction.timeline) {
    rows.push([
      statusLabels[step.status],
      `${step.description} · ${dateTime(step.timestamp, settings.timeZone)}`,
    ]);
  }
  const pdf = await receiptPdf({
    bank: { name: settings.bankName, address: settings.bankAddress },
    reference: transaction.id,
    amount: usd.format(signed),
    rows,
  });
  return {
    fileName: `receipt-${transaction.id}.pdf`,
    contentType: 'application/pdf',
    size: pdf.length,
    base64: pdf.toString('base64'),
  };
}
