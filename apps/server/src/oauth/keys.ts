import { createECDH, createHash, hkdfSync } from 'node:crypto';

function derive(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'horizon-bank-oauth', purpose, 32));
}

/**
 * The ID token signing key (ES256), derived from the bank's encryption key rather than made at
 * start: every instance then signs with, and publishes, the same key without sharing state.
 */
export function idTokenSigningKey(secret: Buffer) {
  const d = derive(secret, 'id-token-signing');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  // Uncompressed point: 0x04 || x || y.
  const point = ecdh.getPublicKey();
  const x = point.subarray(1, 33).toString('base64url');
  const y = point.subarray(33, 65).toString('base64url');
  return {
    kty: 'EC',
    crv: 'P-256',
    d: d.toString('base64url'),
    x,
    y,
    use: 'sig',
    alg: 'ES256',
    kid: createHash('sha256').update(`${x}.${y}`).digest('base64url').slice(0, 16),
  };
}

/** The keys that sign the provider's cookies (the interaction and its own session). */
export function cookieKeys(secret: Buffer): string[] {
  return [derive(secret, 'cookie-signing').toString('base64url')];
}
