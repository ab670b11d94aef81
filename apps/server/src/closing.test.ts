import { describe, expect, it } from 'vitest';
import { listenOnFreePort, useTestServer } from './testing.ts';

const t = useTestServer();

describe('a closing server', () => {
  it('answers requests that arrive once close() began with the API 503 and Retry-After, /readyz too', async () => {
    const { server } = t;
    let baseUrl = '';
    const answers: Array<{ status: number; retryAfter: string | null; body: unknown }> = [];
    // Runs after the server's own preClose hook, while the port still accepts: these requests
    // arrive at a server that is closing (a load balancer's probe, a late client).
    server.addHook('preClose', async () => {
      for (const path of ['/readyz', '/api/v1/auth/me', '/trpc/settings.public']) {
        const response = await fetch(`${baseUrl}${path}`);
        answers.push({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.json(),
        });
      }
    });
    baseUrl = `http://127.0.0.1:${await listenOnFreePort(server)}`;
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);

    await server.close();
    expect(answers).toHaveLength(3);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body).toMatchObject({
        reason: 'SERVICE_UNAVAILABLE',
        message: 'This server is shutting down. Please try again shortly.',
      });
    }
  });
});
