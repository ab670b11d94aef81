import { describe, expect, it } from 'vitest';
import { useTestServer } from './testing.ts';

// From the footprint and page-speed review: a newcomer browsing http://127.0.0.1:PORT got e-mailed links to localhost.
const followsVisitor = useTestServer({ linkOriginFromLoopback: true });
const fixedOrigin = useTestServer();

async function resetLinkFor(
  target: typeof followsVisitor,
  request: { host: string; remoteAddress?: string },
): Promise<string> {
  const email = await target.app.registerVerified().then((user) => user.email);
  const response = await target.server.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    headers: { 'content-type': 'application/json', host: request.host },
    remoteAddress: request.remoteAddress ?? '127.0.0.1',
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
  const [message] = await target.app.mailbox(email);
  const link = message?.links[0];
  if (!link) throw new Error('no link e-mailed');
  return link;
}

describe('links in e-mails', () => {
  it('follow the origin a local visitor used when PUBLIC_URL is unset', async () => {
    expect(await resetLinkFor(followsVisitor, { host: '127.0.0.1:3401' })).toMatch(
      /^http:\/\/127\.0\.0\.1:3401\/reset-password\?token=/,
    );
    expect(await resetLinkFor(followsVisitor, { host: 'localhost:3401' })).toMatch(
      /^http:\/\/localhost:3401\/reset-password\?token=/,
    );
  });

  it('keep the configured origin for other visitors and other hosts', async () => {
    const remote = await resetLinkFor(followsVisitor, {
      host: '127.0.0.1:3401',
      remoteAddress: '203.0.113.7',
    });
    expect(remote).toMatch(/^http:\/\/bank\.test\/reset-password/);
    const foreignHost = await resetLinkFor(followsVisitor, { host: 'evil.example:3401' });
    expect(foreignHost).toMatch(/^http:\/\/bank\.test\/reset-password/);
  });

  it('keep PUBLIC_URL when it is set', async () => {
    expect(await resetLinkFor(fixedOrigin, { host: '127.0.0.1:3401' })).toMatch(
      /^http:\/\/bank\.test\/reset-password/,
    );
  });
});
