import type { TransactionType } from '@bank/db/enums';
import { stringify } from 'csv-stringify/sync';
import { formatDay } from './calendar.ts';
import type { StatementContent } from './compose.ts';

/** Every PDF says it was made at this instant: with it, the same content makes the same bytes. */
const FIXED_CREATION_DATE = new Date(Date.UTC(2000, 0, 1));

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (dollars: number) => usd.format(dollars);

export const typeLabels: Record<TransactionType, string> = {
  transfer: 'Transfer',
  deposit: 'Deposit',
  withdraw: 'Withdrawal',
  loan_disbursement: 'Loan disbursement',
  loan_repayment: 'Loan repayment',
  interest_earned: 'Interest',
  fee: 'Fee',
  reversal: 'Reversal',
  dispute_credit: 'Provisional credit',
};

const monthNames = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'March 2026', or 'Mar 1, 2026 – Mar 18, 2026' for a range. */
export function periodLabel(content: Pick<StatementContent, 'period' | 'from' | 'to'>): string {
  if (content.period) {
    const [year, month] = content.period.split('-').map(Number);
    return monthNames.format(new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 15)));
  }
  return `${formatDay(content.from)} – ${formatDay(content.to)}`;
}

/** The JSON download: the content, and the digest of its canonical text. */
export function statementJson(content: StatementContent, digest: string): string {
  return `${JSON.stringify({ ...content, digest }, null, 2)}\n`;
}

/** A cell a spreadsheet would run as a formula is defused; numbers stay numbers. */
const defuseFormula = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

/** The CSV download: a heading block, the entries with their running balance, pending apart. */
export function statementCsv(content: StatementContent, digest: string): string {
  const rows: (string | number)[][] = [
    ['Bank', content.bank.name],
    ['Address', content.bank.address],
    ['Account', content.account.number],
    ['Holder', content.account.holder],
    ['Period', content.period ?? `${content.from} to ${content.to}`],
    ['From', content.from],
    ['To', content.to],
    ['Time zone', content.timeZone],
    ['Provisional', content.provisional ? 'yes' : 'no'],
    ['Opening balance', content.openingBalance],
    ['Money in', content.totals.moneyIn],
    ['Money out', content.totals.moneyOut],
    ['Fees', content.totals.fees],
    ['Interest', content.totals.interest],
    ['Closing balance', content.closingBalance],
    ['Digest (SHA-256)', digest],
    [],
    ['Date', 'Reference', 'Type', 'Description', 'Amount', 'Balance'],
    ...content.entries.map((entry) => [
      entry.date,
      entry.transactionId,
      entry.type,
      entry.description,
      entry.amount,
      entry.balance,
    ]),
    [],
    ['Pending (not in the balances)'],
    ['Date', 'Reference', 'Type', 'Description', 'Amount'],
    ...content.pending.map((item) => [
      item.date,
      item.transactionId,
      item.type,
      item.description,
      item.amount,
    ]),
  ];
  return stringify(rows, {
    eof: true,
    quote_record_delimiter: false,
    cast: { string: defuseFormula, number: (value) => value.toFixed(2) },
  });
}

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 612, height: 792, margin: 50 };
const INK = '#1a202c';
const MUTED = '#5a6577';
const RULE = '#d5dae3';

async function newDocument(title: string, bankName: string): Promise<Doc> {
  // Loaded on first use: most servers never draw a PDF (decisions/023).
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: title,
      Author: bankName,
      Creator: bankName,
      Producer: bankName,
      CreationDate: FIXED_CREATION_DATE,
    },
  });
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The bank's mark (apps/web/public/logo.svg), drawn as vectors. */
function drawLogo(doc: Doc, x: number, y: number, size: number) {
  const scale = size / 64;
  doc.save();
  doc.translate(x, y).scale(scale);
  doc.roundedRect(0, 0, 64, 64, 14).clip();
  const sky = doc.linearGradient(0, 0, 0, 64);
  sky.stop(0, '#1e4ae0').stop(1, '#151f47');
  doc.rect(0, 0, 64, 64).fill(sky);
  doc.circle(32, 38, 14).fill('#fbbf24');
  doc.rect(8, 38, 48, 18).fill('#1a3bb8');
  doc.roundedRect(12, 42, 40, 3, 1.5).fill('#8eb6fd');
  doc.roundedRect(18, 48, 28, 3, 1.5).fill('#598ef9');
  doc.restore();
}

function drawHeader(doc: Doc, bank: { name: string; address: string }, title: string) {
  drawLogo(doc, PAGE.margin, PAGE.margin, 36);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(bank.name, PAGE.margin + 46, PAGE.margin + 2, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(bank.address, PAGE.margin + 46, PAGE.margin + 22, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text(title, PAGE.margin, PAGE.margin + 8, {
      width: PAGE.width - 2 * PAGE.margin,
      align: 'right',
      lineBreak: false,
    });
  doc
    .moveTo(PAGE.margin, PAGE.margin + 48)
    .lineTo(PAGE.width - PAGE.margin, PAGE.margin + 48)
    .lineWidth(0.5)
    .stroke(RULE);
  doc.y = PAGE.margin + 60;
}

/** Shortens `text` with an ellipsis until it fits `width` in the current font. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Each page's footer: its notes (the digest, where to verify) and 'Page i of n'. */
function drawFooters(doc: Doc, notes: readonly string[]) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 8;
    doc.font('Helvetica').fontSize(7).fillColor(MUTED);
    notes.forEach((note, line) => {
      doc.text(note, PAGE.margin, y + line * 10, { lineBreak: false });
    });
    doc.text(`Page ${index + 1} of ${range.count}`, PAGE.margin, y, {
      width: PAGE.width - 2 * PAGE.margin,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

const columns = [
  { title: 'Date', x: 50, width: 66, align: 'left' },
  { title: 'Description', x: 120, width: 200, align: 'left' },
  { title: 'Type', x: 324, width: 82, align: 'left' },
  { title: 'Amount', x: 406, width: 76, align: 'right' },
  { title: 'Balance', x: 486, width: 76, align: 'right' },
] as const;

const ROW = 16;
const LAST_ROW_Y = PAGE.height - PAGE.margin - 24;

function drawRow(doc: Doc, cells: readonly string[], bold = false) {
  if (doc.y + ROW > LAST_ROW_Y) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
  const y = doc.y;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(8.5)
    .fillColor(INK);
  columns.forEach((column, index) => {
    const text = fit(doc, cells[index] ?? '', column.width);
    doc.text(text, column.x, y + 4, { width: column.width, align: column.align, lineBreak: false });
  });
  doc
    .moveTo(PAGE.margin, y + ROW)
    .lineTo(PAGE.width - PAGE.margin, y + ROW)
    .lineWidth(0.3)
    .stroke(RULE);
  doc.y = y + ROW;
}

function drawSection(doc: Doc, title: string) {
  if (doc.y + 3 * ROW > LAST_ROW_Y) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
  doc.y += 12;
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor(INK)
    .text(title, PAGE.margin, doc.y, { lineBreak: false });
  doc.y += 16;
}

type Facts = readonly (readonly [string, string])[];

/** Label and value pairs in two columns. */
function drawFacts(doc: Doc, left: Facts, right: Facts) {
  const top = doc.y;
  for (const [column, facts] of [left, right].entries()) {
    const x = column === 0 ? PAGE.margin : PAGE.width / 2 + 10;
    facts.forEach(([label, value], index) => {
      const y = top + index * 15;
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, x, y, { lineBreak: false });
      doc
        .font('Helvetica-Bold')
        .fillColor(INK)
        .text(fit(doc, value, 156), x + 90, y, { width: 156, align: 'right', lineBreak: false });
    });
  }
  doc.y = top + Math.max(left.length, right.length) * 15 + 4;
}

export async function statementPdf(
  content: StatementContent,
  digest: string,
  verifyUrl: string,
): Promise<Buffer> {
  const title = content.provisional ? 'Statement (provisional)' : 'Statement';
  const doc = await newDocument(
    `${content.bank.name} statement ${content.account.number} ${periodLabel(content)}`,
    content.bank.name,
  );
  drawHeader(doc, content.bank, title);
  drawFacts(
    doc,
    [
      ['Account holder', content.account.holder],
      ['Account number', content.account.number],
      ['Period', periodLabel(content)],
      ['Dates in', content.timeZone.replaceAll('_', ' ')],
    ],
    [
      ['Opening balance', money(content.openingBalance)],
      ['Money in', money(content.totals.moneyIn)],
      ['Money out', money(content.totals.moneyOut)],
      ['Fees', money(content.totals.fees)],
      ['Interest earned', money(content.totals.interest)],
      ['Closing balance', money(content.closingBalance)],
    ],
  );
  if (content.provisional) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(
        'Provisional: this period is not over, so what follows may still change.',
        PAGE.margin,
        doc.y + 2,
      );
  }
  drawSection(doc, 'Transactions');
  drawRow(
    doc,
    columns.map((column) => column.title),
    true,
  );
  drawRow(doc, [formatDay(content.from), 'Opening balance', '', '', money(content.openingBalance)]);
  for (const entry of content.entries) {
    drawRow(doc, [
      formatDay(entry.date),
      entry.description,
      typeLabels[entry.type],
      money(entry.amount),
      money(entry.balance),
    ]);
  }
  drawRow(
    doc,
    [formatDay(content.to), 'Closing balance', '', '', money(content.closingBalance)],
    true,
  );
  drawSection(doc, 'Pending (not included in the balances above)');
  if (content.pending.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text('None.', PAGE.margin, doc.y, { lineBreak: false });
    doc.y += ROW;
  }
  for (const item of content.pending) {
    drawRow(doc, [
      formatDay(item.date),
      item.description,
      typeLabels[item.type],
      money(item.amount),
      '',
    ]);
  }
  drawFooters(doc, [
    `SHA-256 of this statement's content: ${digest}`,
    `Check it was issued unchanged: POST this PDF or the digest to ${verifyUrl}`,
  ]);
  return collect(doc);
}

export interface ReceiptFacts {
  bank: { name: string; address: string };
  reference: string;
  rows: readonly (readonly [string, string])[];
  amount: string;
}

export async function receiptPdf(facts: ReceiptFacts): Promise<Buffer> {
  const doc = await newDocument(`${facts.bank.name} receipt ${facts.reference}`, facts.bank.name);
  drawHeader(doc, facts.bank, 'Transaction receipt');
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text(facts.amount, PAGE.margin, doc.y + 6, { lineBreak: false });
  doc.y += 40;
  for (const [label, value] of facts.rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, PAGE.margin, y, {
      width: 140,
      lineBreak: false,
    });
    doc
      .font('Helvetica')
      .fillColor(INK)
      .text(value, PAGE.margin + 150, y, { width: PAGE.width - 2 * PAGE.margin - 150 });
    doc.y = Math.max(doc.y, y + 14) + 6;
  }
  drawFooters(doc, [`Reference ${facts.reference}`]);
  return collect(doc);
}
