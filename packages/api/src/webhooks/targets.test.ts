import { describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../testing/webhook-receiver.ts';
import { createHttpSender } from './sender.ts';
import { addressAllowed, guardedLookup, TargetRefused, targetRefusal } from './targets.ts';

describe('where webhooks may go (SSRF guard)', () => {
  it('outside production: this machine only', () => {
    for (const url of [
      'http://127.0.0.1:4000/hooks',
      'http://localhost:4000/hooks',
      'http://[::1]:4000/hooks',
      'https://127.0.0.2/hooks',
    ]) {
      expect(targetRefusal(url, 'loopback'), url).toBeNull();
    }
    for (const url of [
      'https://partner.example.com/hooks',
      'http://10.0.0.8/hooks',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0:4000/',
      'ftp://127.0.0.1/hooks',
      'http://user:secret@127.0.0.1/hooks',
    ]) {
      expect(targetRefusal(url, 'loopback'), url).not.toBeNull();
    }
  });

  it('in production: https to public addresses only', () => {
    expect(targetRefusal('https://partner.example.com/hooks', 'public')).toBeNull();
    expect(targetRefusal('https://93.184.215.14/hooks', 'public')).toBeNull();
    for (const url of [
      'http://partner.example.com/hooks',
      'https://localhost/hooks',
      'https://api.localhost/hooks',
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://172.20.0.5/hooks',
      'https://192.168.0.10/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/',
      'https://[::1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://[::ffff:7f00:1]/hooks',
    ]) {
      expect(targetRefusal(url, 'public'), url).not.toBeNull();
    }
  });

  it('judges IPv4-mapped IPv6 addresses as the IPv4 ones', () => {
    expect(addressAllowed('::ffff:127.0.0.1', 'loopback')).toBe(true);
    expect(addressAllowed('::ffff:10.0.0.1', 'public')).toBe(false);
    expect(addressAllowed('8.8.8.8', 'public')).toBe(true);
    expect(addressAllowed('8.8.8.8', 'loopback')).toBe(false);
  });

  it('refuses a name that resolves to an internal address at connection time (DNS rebinding)', async () => {
    const refused = await new Promise<unknown>((resolve) =>
      guardedLookup('public')('localhost', { all: true }, (error) => resolve(error)),
    );
    expect(refused).toBeInstanceOf(TargetRefused);
    const allowed = await new Promise<unknown>((resolve) =>
      guardedLookup('loopback')('localhost', { all: false }, (error, address) =>
        resolve(error ?? address),
      ),
    );
    expect(allowed).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('never connects to a refused address, even for a subscription made under another policy', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const message = {
        url: receiver.url,
        secret: `whsec_${Buffer.from('a test secret, 24 bytes!').toString('base64')}`,
        messageId: 'msg_1_transaction_created',
        payload: '{}',
      };
      const outcome = await createHttpSender({ policy: 'public' }).send(message);
      expect(outcome).toMatchObject({ ok: false, statusCode: null });
      const byName = await createHttpSender({ policy: 'public' }).send({
        ...message,
        url: receiver.url.replace('127.0.0.1', 'localhost'),
      });
      expect(byName).toMatchObject({ ok: false, statusCode: null });
      expect(receiver.received).toHaveLength(0);
      expect(await createHttpSender({ policy: 'loopback' }).send(message)).toMatchObject({
        ok: true,
        statusCode: 200,
      });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
