import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll } from 'vitest';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local endpoint for tests, on an ephemeral loopback port: it keeps what arrives and answers
 * each request with the next status of `statuses` (200 once they run out).
 */
export async function startWebhookReceiver(statuses: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const queue = [...statuses];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = queue.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('receiver not listening');
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    received,
    /** What the next requests will be answered (replacing what was left). */
    answerWith(next: number[]) {
      queue.splice(0, queue.length, ...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The test file's own receiver, started at the top of the file and closed after its tests:
 * `const receiver = await createFileWebhookReceiver();`.
 */
export async function createFileWebhookReceiver() {
  const receiver = await startWebhookReceiver();
  afterAll(() => receiver.close());
  return receiver;
}
