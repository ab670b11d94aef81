import { readdirSync } from 'node:fs';
import { auditLog, supportTickets, users } from '@bank/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearerHeaders,
  createFileTestServer,
  type FilePart,
  multipart,
  postMultipart,
  requestsAs,
  resolveRef,
} from './testing.ts';
import { onePixelPng, sampleTicket, signedInCustomer } from './testing-support.ts';

const { app, server } = await createFileTestServer();
// Signed in by the token alone, as the ticket forms' fetch sends it.
const as = requestsAs(server, bearerHeaders);

const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const customer = () => signedInCustomer(app);

async function staff(role: 'support' | 'admin' = 'support') {
  const user = await customer();
  await app.db.update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

function storedFiles(): string[] {
  return readdirSync(app.filesDir).sort();
}

async function ticketCount(userId: string): Promise<number> {
  const rows = await app.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId));
  return rows.length;
}

const createTicket = (token: string, files: FilePart[] = []) =>
  postMultipart(server, '/api/v1/support/tickets', token, sampleTicket, files);

function detailMessages(body: { details?: Array<{ message: string }> }): string[] {
  return (body.details ?? []).map((detail) => detail.message);
}

describe('support tickets over REST', () => {
  it('answers every validation message of docs/product.md 5', async () => {
    const alice = await customer();
    const empty = await as(alice.token).post('/api/v1/support/tickets', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Validation error');
    expect(detailMessages(empty.json())).toEqual([
      'Subject is required',
      'Category is required',
      'Description is required',
    ]);
    const short = await as(alice.token).post('/api/v1/support/tickets', {
      subject: 'Hey',
      category: 'loan',
      priority: 'urgent',
      description: 'Too short',
    });
    expect(detailMessages(short.json())).toEqual([
      'Subject must be at least 5 characters',
      'Priority is required',
      'Description must be at least 20 characters',
    ]);
    const created = await as(alice.token).post('/api/v1/support/tickets', {
      ...sampleTicket,
      priority: undefined,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Support ticket created successfully');
    expect(created.json().ticket).toMatchObject({ priority: 'medium', status: 'open' });
    const id: string = created.json().ticket.id;

    for (const [message, expected] of [
      ['', 'Response is required'],
      ['ok', 'Response must be at least 5 characters'],
    ] as const) {
      const answer = await as(alice.token).post(`/api/v1/support/tickets/${id}/messages`, {
        message,
      });
      expect(answer.statusCode).toBe(400);
      expect(detailMessages(answer.json())).toEqual([expected]);
    }
    const list = await as(alice.token).get('/api/v1/support/tickets');
    expect(list.json()).toMatchObject({ page: 1, count: 1, total: 1, hasMore: false });
  });

  it('takes real PNG, GIF and JPEG files by their bytes, and hands them back only as attachments', async () => {
    const alice = await customer();
    const created = await createTicket(alice.token, [
      { fileName: 'screen.png', type: 'image/png', body: onePixelPng },
      // The declared type and name do not matter: the bytes decide.
      { fileName: 'anim.bin', type: 'application/octet-stream', body: gif },
      { fileName: '../../etc/receipt.jpg', type: 'image/jpeg', body: jpeg },
    ]);
    expect(created.statusCode).toBe(201);
    const { attachments } = created.json().ticket;
    expect(
      attachments.map((a: { contentType: string; filename: string }) => [
        a.contentType,
        a.filename,
      ]),
    ).toEqual([
      ['image/png', 'screen.png'],
      ['image/gif', 'anim.bin'],
      ['image/jpeg', 'receipt.jpg'],
    ]);
    // Names on disk are the server's own.
    for (const name of storedFiles()) expect(name).toMatch(/^[0-9a-f-]{36}$/);

    const download = await as(alice.token).get(attachments[1].url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/gif');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="anim.bin"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(gif)).toBe(true);

    const bob = await customer();
    const ticketId = created.json().ticket.id;
    for (const url of [
      `/api/v1/support/tickets/${ticketId}`,
      `/api/v1/support/tickets/${ticketId}/messages`,
      attachments[0].url,
    ]) {
      const answer = await as(bob.token).get(url);
      expect(answer.statusCode, url).toBe(404);
    }
    const agent = await staff('support');
    const asStaff = await as(agent.token).get(attachments[0].url);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.rawPayload.equals(onePixelPng)).toBe(true);
  });

  it('refuses an 11 MB file, a text file named .png and a sixth file, keeping nothing', async () => {
    const alice = await customer();
    const before = storedFiles();
    const big = Buffer.concat([onePixelPng, Buffer.alloc(11 * 1024 * 1024)]);
    const tooLarge = await createTicket(alice.token, [
      { fileName: 'ok.png', type: 'image/png', body: onePixelPng },
      { fileName: 'big.png', type: 'image/png', body: big },
    ]);
    expect(tooLarge.statusCode).toBe(400);
    expect(detailMessages(tooLarge.json())).toEqual(['File is too large']);

    const text = await createTicket(alice.token, [
      { fileName: 'notes.png', type: 'image/png', body: Buffer.from('just some words, no image') },
    ]);
    expect(text.statusCode).toBe(400);
    expect(detailMessages(text.json())).toEqual(['Only PNG, JPG and GIF images can be attached']);

    const six = await createTicket(
      alice.token,
      Array.from({ length: 6 }, (_, n) => ({
        fileName: `${n}.png`,
        type: 'image/png',
        body: onePixelPng,
      })),
    );
    expect(six.statusCode).toBe(400);
    expect(detailMessages(six.json())).toEqual(['At most 5 files can be attached']);

    // Invalid fields with a good file: the file is not kept either.
    const form = multipart({ subject: 'Hi' }, [
      { fileName: 'a.png', type: 'image/png', body: onePixelPng },
    ]);
    const invalid = await server.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      headers: { ...alice.auth, ...form.headers },
      payload: form.payload,
    });
    expect(invalid.statusCode).toBe(400);

    // A body cut off in the middle of a file.
    const whole = multipart(sampleTicket, [
      { fileName: 'a.png', type: 'image/png', body: onePixelPng },
    ]);
    const cut = await server.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      headers: { ...alice.auth, ...whole.headers },
      payload: whole.payload.subarray(0, whole.payload.length - 60),
    });
    expect(cut.statusCode).toBe(400);

    expect(await ticketCount(alice.id)).toBe(0);
    // By name: a file left behind says which it is (a `.part` is a write that was not cleaned up).
    expect(storedFiles()).toEqual(before);
  });

  it('leaves neither ticket nor file when the insert fails', async () => {
    const alice = await customer();
    const before = storedFiles().length;
    await app.db.execute(
      sql`alter table support_attachments add constraint test_fail check (size < 0) not valid`,
    );
    try {
      const failed = await createTicket(alice.token, [
        { fileName: 'a.png', type: 'image/png', body: onePixelPng },
      ]);
      expect(failed.statusCode).toBe(500);
    } finally {
      await app.db.execute(sql`alter table support_attachments drop constraint test_fail`);
    }
    expect(await ticketCount(alice.id)).toBe(0);
    expect(storedFiles().length).toBe(before);
  });

  it('lists for staff the tickets assigned to them (assigned=mine) or to nobody (assigned=unassigned)', async () => {
    const alice = await customer();
    const taken: string = (await createTicket(alice.token)).json().ticket.id;
    const waiting: string = (await createTicket(alice.token)).json().ticket.id;
    const agent = await staff('support');
    const other = await staff('support');
    const take = await as(agent.token).put(`/api/v1/support/tickets/${taken}`, {
      status: 'in_progress',
    });
    expect(take.statusCode).toBe(200);
    const ids = async (auth: { authorization: string }, assigned: string) => {
      const answer = await server.inject({
        url: `/api/v1/support/tickets/admin/all?assigned=${assigned}&limit=100`,
        headers: auth,
      });
      expect(answer.statusCode).toBe(200);
      return answer.json().tickets.map((ticket: { id: string }) => ticket.id) as string[];
    };
    expect(await ids(agent.auth, 'mine')).toEqual([taken]);
    expect(await ids(other.auth, 'mine')).toEqual([]);
    const unassigned = await ids(agent.auth, 'unassigned');
    expect(unassigned).toContain(waiting);
    expect(unassigned).not.toContain(taken);
    const wrong = await as(agent.token).get('/api/v1/support/tickets/admin/all?assigned=everyone');
    expect(wrong.statusCode).toBe(400);
  });

  it('lets support staff change status (assigning themselves, audited) and refuses customers', async () => {
    const alice = await customer();
    const id: string = (await createTicket(alice.token)).json().ticket.id;
    const put = (auth: { authorization: string }, status: string) =>
      server.inject({
        method: 'PUT',
        url: `/api/v1/support/tickets/${id}`,
        headers: auth,
        payload: { status, assignedTo: alice.id },
      });
    expect((await put(alice.auth, 'resolved')).statusCode).toBe(403);
    const mine = await as(alice.token).get('/api/v1/support/tickets/admin/all');
    expect(mine.statusCode).toBe(403);

    const agent = await staff('support');
    const all = await as(agent.token).get(
      '/api/v1/support/tickets/admin/all?status=open&limit=100',
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().tickets.some((t: { id: string }) => t.id === id)).toBe(true);

    const progress = await put(agent.auth, 'in_progress');
    expect(progress.statusCode).toBe(200);
    // Assigned to the acting staff member, whatever assignedTo said.
    expect(progress.json().ticket).toMatchObject({ status: 'in_progress', assignedTo: agent.id });
    expect((await put(agent.auth, 'in_progress')).json().message).toBe(
      'The ticket is already in progress',
    );
    const admin = await staff('admin');
    const resolved = await put(admin.auth, 'resolved');
    expect(resolved.json().ticket).toMatchObject({ status: 'resolved', assignedTo: admin.id });
    expect((await put(agent.auth, 'in_progress')).json().message).toBe(
      'Only an open ticket can be put in progress',
    );
    const audited = await app.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.event, 'support.ticket_status_changed'), eq(auditLog.userId, alice.id)),
      );
    expect(audited.map((row) => [row.actorId, row.details?.to])).toEqual([
      [agent.id, 'in_progress'],
      [admin.id, 'resolved'],
    ]);
    // Resolved: the chat is closed.
    const late = await as(alice.token).post(`/api/v1/support/tickets/${id}/messages`, {
      message: 'Hello again?',
    });
    expect(late.statusCode).toBe(400);
  });

  it('keeps markup as text and answers the conversation in order with ticketInfo', async () => {
    const alice = await customer();
    const agent = await staff('support');
    const id: string = (await createTicket(alice.token)).json().ticket.id;
    const markup = '<img src=x onerror="alert(1)"><script>alert(2)</script> & done';
    for (const [who, message] of [
      [alice, markup],
      [agent, 'We are looking into it.'],
      [alice, 'Thank you!'],
    ] as const) {
      const sent = await as(who.token).post(`/api/v1/support/tickets/${id}/messages`, { message });
      expect(sent.statusCode).toBe(201);
    }
    const answer = await as(alice.token).get(`/api/v1/support/tickets/${id}/messages`);
    const body = answer.json();
    expect(body.messages.map((m: { message: string }) => m.message)).toEqual([
      markup,
      'We are looking into it.',
      'Thank you!',
    ]);
    expect(body.messages.map((m: { senderType: string }) => m.senderType)).toEqual([
      'user',
      'support',
      'user',
    ]);
    expect(body.ticketInfo).toMatchObject({ status: 'open', user: { id: alice.id } });
    // The customer was away from the chat: the staff answer went out by e-mail, with a link.
    const mail = await app.mailbox(alice.email);
    const reply = mail.find((m) => m.subject.startsWith('New reply on your support ticket'));
    expect(reply?.links).toEqual([`http://bank.test/support/${id}`]);
  });

  it('documents every support path in the OpenAPI document, multipart included', async () => {
    const doc = (await server.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/support'))).toEqual([
      '/support/tickets',
      '/support/tickets/admin/all',
      '/support/tickets/{id}',
      '/support/tickets/{id}/messages',
      '/support/attachments/{id}',
    ]);
    const create = doc.paths['/support/tickets'].post;
    // One flat form: generators drop files from an allOf or send JSON beside it.
    expect(Object.keys(create.requestBody.content)).toEqual(['multipart/form-data']);
    const form = resolveRef(doc, create.requestBody.content['multipart/form-data'].schema);
    expect(form.properties).toMatchObject({
      subject: { type: 'string' },
      attachments: {
        type: 'array',
        maxItems: 5,
        items: { type: 'string', format: 'binary' },
      },
    });
    expect(doc.paths['/support/attachments/{id}'].get.responses['200'].content).toHaveProperty(
      'image/png',
    );
  });
});
