import { Readable } from 'node:stream';
import { byIdInput } from '@bank/validators/money';
import {
  statementPeriodInput,
  statementRangeInput,
  statementVerifyInput,
} from '@bank/validators/statements';
import { z } from 'zod';
import { defineRoute, noInput, storedFileAnswer } from '../rest/define.ts';
import type { FileAnswer } from './service.ts';

const tag = 'Statements';

/** The adapter sends the bytes as they are, with their type and name. */
const asFile = (file: FileAnswer) => {
  const bytes = Buffer.from(file.base64, 'base64');
  return {
    fileName: file.fileName,
    contentType: file.contentType,
    size: bytes.length,
    body: Readable.from([bytes]),
  };
};

const statementFiles = ['application/pdf', 'text/csv', 'application/json'] as const;

const verifyAnswer = z.object({
  valid: z.boolean(),
  message: z.string(),
  statement: z
    .object({
      period: z.string().nullable().describe('YYYY-MM, or null for a range'),
      from: z.string(),
      to: z.string(),
      provisional: z.boolean(),
      accountEnding: z.string().describe('The last four digits of the account number'),
      digest: z.string(),
      issuedAt: z.string(),
    })
    .optional(),
});

export const statementRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/statements',
    summary:
      'List statements. Every closed month of each of the customer’s accounts, newest first, and the current month to date (provisional).',
    tag,
    access: 'customer',
    input: noInput,
    output: z.object({
      data: z.array(
        z.object({
          period: z.string().describe('YYYY-MM'),
          accountNumber: z.string(),
          openingBalance: z.number(),
          closingBalance: z.number(),
          provisional: z.boolean().describe('The current month: still to date'),
        }),
      ),
    }),
    handle: ({ caller }) => caller.statements.list(),
  }),
  defineRoute({
    method: 'GET',
    path: '/statements/range',
    summary:
      'A statement for any days. `from` and `to` are the bank’s calendar days (YYYY-MM-DD); one that reaches today is provisional.',
    description:
      'Opens at the balance of every entry posted before `from`, lists every posted entry with its running balance, and closes at their sum; movements still pending are listed apart and are in no balance. `format` is `pdf` (default), `csv` or `json`. The statement carries the SHA-256 digest of its content, which `POST /statements/verify` recognises.',
    tag,
    access: 'customer',
    input: statementRangeInput,
    output: storedFileAnswer,
    contentType: 'application/octet-stream',
    fileTypes: statementFiles,
    example: { from: '2026-10-01', to: '2026-10-31', format: 'pdf' },
    handle: async ({ caller, input }) => asFile(await caller.statements.range(input)),
  }),
  defineRoute({
    method: 'GET',
    path: '/statements/:period',
    summary:
      'A month’s statement (YYYY-MM) as PDF, CSV or JSON. A closed month is issued once and downloads as the same bytes every time; the current month is to date and provisional.',
    description:
      'Months begin at midnight in the bank’s time zone. The JSON is the statement’s content with its `digest` (SHA-256 of the content): `openingBalance` plus every entry’s `amount` equals `closingBalance` to the cent; `pending` lists movements under way, outside the balances. An entry booked into a month after its statement was issued appears on the next month’s. `account` picks one of the customer’s account numbers (the first by default).',
    tag,
    access: 'customer',
    errors: [404],
    input: statementPeriodInput,
    output: storedFileAnswer,
    contentType: 'application/octet-stream',
    fileTypes: statementFiles,
    example: { period: '2026-10', format: 'pdf' },
    handle: async ({ caller, input }) => asFile(await caller.statements.month(input)),
  }),
  defineRoute({
    method: 'POST',
    path: '/statements/verify',
    summary:
      'Check a statement: whether the bank issued it unchanged. Send the PDF itself (`Content-Type: application/pdf`) or `{digest}` as printed on it.',
    description:
      'Answers 200 either way, with `valid`. A PDF is recognised byte for byte, so a PDF with one byte changed is not valid; a digest names a statement’s content in any of its formats. Anyone may ask: the answer names the period and the last four digits of the account, no one’s name.',
    tag,
    access: 'public',
    input: statementVerifyInput,
    output: verifyAnswer,
    rawBody: 'application/pdf',
    example: { digest: 'c0ffee'.padEnd(64, '0') },
    handle: ({ caller, input }) => caller.statements.verify(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions/:id/receipt',
    summary: 'A PDF receipt for one of the customer’s transactions.',
    tag: 'Transactions',
    access: 'customer',
    input: byIdInput,
    output: storedFileAnswer,
    contentType: 'application/octet-stream',
    fileTypes: ['application/pdf'],
    handle: async ({ caller, input }) => asFile(await caller.statements.receipt(input)),
  }),
];
