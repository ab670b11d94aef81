import { readdirSync } from 'node:fs';
import { bankSettings, supportMessages, supportTickets, users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFileTestServer, postMultipart } from './testing.ts';
import { onePixelPng, sampleTicket, signedInCustomer } from './testing-support.ts';

// One customer stored 500 MB of attachments in 3.2 s, and chat lines were unlimited.
// Quotas per customer: attachment bytes a day and in all, tickets a minute and a day, chat
// lines a minute; bank settings hold them (small ones here, so few bytes are written).

const { app, server } = await createFileTestServer();

/** An image of exactly `bytes` bytes (a PNG's head, then padding: its type is its first bytes). */
const pngOf = (bytes: number) =>
  Buffer.concat([onePixelPng, Buffer.alloc(bytes - onePixelPng.length)]);

/** Images as a form's attachments, named shot-0.png, shot-1.png, … */
const pngParts = (files: Buffer[]) =>
  files.map((body, n) => ({ fileName: `shot-${n}.png`, type: 'image/png', body }));

const customer = () => signedInCustomer(app);

const createTicket = (token: string, files: Buffer[] = []) =>
  postMultipart(server, '/api/v1/support/tickets', token, sampleTicket, pngParts(files));

const sendLine = (token: string, ticketId: string, message: string, files: Buffer[] = []) =>
  postMultipart(
    server,
    `/api/v1/support/tickets/${ticketId}/messages`,
    token,
    { message },
    pngParts(files),
  );

async function setQuotas(values: Partial<typeof bankSettings.$inferInsert>) {
  await app.db.update(bankSettings).set(values).where(eq(bankSettings.id, 1));
  app.deps.settings.forget();
}

/** A quota's refusal: 429 QUOTA_EXCEEDED with the customer's words and the quota's figures. */
function expectQuotaRefused(
  refused: { statusCode: number; json(): unknown },
  message: string,
  details: Record<string, unknown>,
) {
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ reason: 'QUOTA_EXCEEDED', message, details });
}

const roomy = {
  attachmentMbPerDay: 50,
  attachmentMbTotal: 500,
  ticketsPerMinute: 100,
  ticketsPerDay: 100,
  chatMessagesPerMinute: 100,
};

beforeEach(async () => {
  await setQuotas(roomy);
});

describe('attachment quotas', () => {
  it('refuses files past the day’s megabytes with 429, its figures and Retry-After, keeping none', async () => {
    await setQuotas({ attachmentMbPerDay: 1 });
    const alice = await customer();
    const first = await createTicket(alice.token, [pngOf(400_000)]);
    expect(first.statusCode).toBe(201);
    const ticketId: string = first.json().ticket.id;
    expect((await sendLine(alice.token, ticketId, 'One more', [pngOf(400_000)])).statusCode).toBe(
      201,
    );
    const filesBefore = readdirSync(app.filesDir).length;
    const refused = await sendLine(alice.token, ticketId, 'And this', [pngOf(300_000)]);
    expectQuotaRefused(
      refused,
      'You have sent as many files today as we can take (1 MB a day). Try again tomorrow, or describe the problem in words for now.',
      { quota: 'attachmentBytesPerDay', limit: 1_000_000, used: 800_000 },
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.parse(refused.json().details.resetsAt)).toBeGreaterThan(Date.now());
    expect(readdirSync(app.filesDir)).toHaveLength(filesBefore);
    // Nothing of the refused call was kept: no line, no file.
    const lines = await app.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticketId));
    expect(lines.map((line) => line.message)).toEqual(['One more']);
    // A line without files still goes through, and other customers are not affected.
    expect((await sendLine(alice.token, ticketId, 'Words only')).statusCode).toBe(201);
    const bob = await customer();
    expect((await createTicket(bob.token, [pngOf(400_000)])).statusCode).toBe(201);
  });

  it('refuses files past the megabytes allowed in all', async () => {
    await setQuotas({ attachmentMbTotal: 1 });
    const alice = await customer();
    expect((await createTicket(alice.token, [pngOf(600_000)])).statusCode).toBe(201);
    expectQuotaRefused(
      await createTicket(alice.token, [pngOf(600_000)]),
      'Your files have reached the 1 MB we keep for each customer. Contact us to remove old files, or describe the problem in words.',
      { quota: 'attachmentBytesTotal', limit: 1_000_000, used: 600_000, resetsAt: null },
    );
    const rows = await app.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, alice.id));
    expect(rows).toHaveLength(1);
  });

  it('counts parallel uploads together: the day’s megabytes are never exceeded', async () => {
    await setQuotas({ attachmentMbPerDay: 1 });
    const alice = await customer();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createTicket(alice.token, [pngOf(400_000)])),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 429, 429]);
  });
});

describe('ticket and chat quotas', () => {
  it('refuses tickets past the minute’s and the day’s number', async () => {
    await setQuotas({ ticketsPerMinute: 2 });
    const alice = await customer();
    expect((await createTicket(alice.token)).statusCode).toBe(201);
    expect((await createTicket(alice.token)).statusCode).toBe(201);
    const refused = await createTicket(alice.token);
    expectQuotaRefused(
      refused,
      'You have opened 2 tickets in the last minute. Wait a minute, or add to a ticket you already opened.',
      { quota: 'ticketsPerMinute', limit: 2 },
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    await setQuotas({ ticketsPerDay: 1 });
    const bob = await customer();
    expect((await createTicket(bob.token)).statusCode).toBe(201);
    const tomorrow = await createTicket(bob.token);
    expect(tomorrow.statusCode).toBe(429);
    expect(tomorrow.json()).toMatchObject({
      message:
        'You have opened 1 ticket today, as many as we take in a day. Add to a ticket you already opened, or try again tomorrow.',
      details: { quota: 'ticketsPerDay', limit: 1 },
    });
  });

  it('refuses chat lines past the minute’s number; staff are not held to it', async () => {
    await setQuotas({ chatMessagesPerMinute: 2 });
    const alice = await customer();
    const ticketId: string = (await createTicket(alice.token)).json().ticket.id;
    expect((await sendLine(alice.token, ticketId, 'Hello')).statusCode).toBe(201);
    expect((await sendLine(alice.token, ticketId, 'Anyone there?')).statusCode).toBe(201);
    expectQuotaRefused(
      await sendLine(alice.token, ticketId, 'Hello??'),
      'You are sending messages faster than we can read them (2 a minute). Wait a moment, then send it again.',
      { quota: 'chatMessagesPerMinute', limit: 2 },
    );
    const agent = await customer();
    await app.db.update(users).set({ role: 'support' }).where(eq(users.id, agent.id));
    for (const line of ['Hello there', 'Looking into it', 'One moment please']) {
      expect((await sendLine(agent.token, ticketId, line)).statusCode).toBe(201);
    }
  });
});
