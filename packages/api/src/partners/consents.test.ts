import { randomBytes } from 'node:crypto';
import { appConsents } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestApp } from '../testing/harness.ts';
import { fundedCustomer } from '../testing/money.ts';
import { createAppAccess } from './access.ts';
import { createApp, rotateAppSecret } from './apps.ts';
import { listConnectedApps, recordConsent, revokeConnectedApp } from './consents.ts';
import { OAuthStoreAdapter } from './oauth-store.ts';

// Connected apps as the customer's Profile lists them, and the access an app's token gives,
// read by the same queries on the embedded database (PGlite) and on PostgreSQL: the tab once
// listed nothing on the embedded database.

const app = await createFileTestApp();

const request = { ip: '203.0.113.7', userAgent: 'vitest' };
const DAY_SECONDS = 24 * 60 * 60;

/** What the OAuth provider stores when a customer consents and the app takes its tokens. */
async function grantFor(clientId: string, userId: string, scope: string) {
  const grantId = `grant_${randomBytes(8).toString('hex')}`;
  await new OAuthStoreAdapter(app.db, 'Grant').upsert(
    grantId,
    { clientId, accountId: userId, kind: 'Grant' },
    30 * DAY_SECONDS,
  );
  const token = randomBytes(32).toString('base64url');
  await new OAuthStoreAdapter(app.db, 'AccessToken').upsert(
    token,
    { clientId, accountId: userId, grantId, scope, kind: 'AccessToken' },
    600,
  );
  return { grantId, token };
}

/** `userId` lets `clientId` read their transactions: the provider's grant and our record of it. */
async function consentTo(clientId: string, userId: string) {
  const granted = await grantFor(clientId, userId, 'transactions:read');
  await recordConsent(app.db, {
    userId,
    clientId,
    grantId: granted.grantId,
    scopes: ['transactions:read'],
    request,
  });
  return granted;
}

async function registered(name: string) {
  const admin = await fundedCustomer(app, 0, 'Staff');
  return createApp(
    app.db,
    app.deps.encryptionKey,
    { actorId: admin.id, request },
    { name, redirectUris: ['https://budgetbuddy.example/callback'], scopes: ['transactions:read'] },
  );
}

describe('connected apps', () => {
  it('lists a consent with its scopes in words and ISO dates, marks its use, and drops it once revoked', async () => {
    const { app: partner } = await registered('Budget Buddy');
    const erin = await fundedCustomer(app, 0, 'Erin');
    const { token } = await consentTo(partner.clientId, erin.id);

    const listed = await listConnectedApps(app.db, erin.id);
    expect(listed).toEqual([
      {
        clientId: partner.clientId,
        name: 'Budget Buddy',
        scopes: [{ scope: 'transactions:read', description: 'See your transactions' }],
        grantedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        lastUsedAt: null,
      },
    ]);
    // The same list through the customer's own procedure (the Profile tab's call).
    expect(await erin.caller.partners.connectedApps()).toEqual(listed);

    const access = createAppAccess(app.db, () => new Date());
    expect(await access.verifyAccessToken(token)).toEqual({
      clientId: partner.clientId,
      scopes: ['transactions:read'],
      userId: erin.id,
    });
    expect(await access.grantedUserIds(partner.clientId)).toEqual([erin.id]);
    const [used] = await listConnectedApps(app.db, erin.id);
    expect(used?.lastUsedAt).toEqual(expect.any(String));

    await revokeConnectedApp(app.db, { userId: erin.id, clientId: partner.clientId, request });
    expect(await listConnectedApps(app.db, erin.id)).toEqual([]);
    expect(await access.verifyAccessToken(token)).toBeNull();
    expect(await access.grantedUserIds(partner.clientId)).toEqual([]);
  });

  it('lists nothing for a grant the provider let lapse', async () => {
    const { app: partner } = await registered('Lapsed Ledger');
    const fay = await fundedCustomer(app, 0, 'Fay');
    const { grantId } = await consentTo(partner.clientId, fay.id);
    expect(await listConnectedApps(app.db, fay.id)).toHaveLength(1);
    await new OAuthStoreAdapter(app.db, 'Grant').destroy(grantId);
    expect(await listConnectedApps(app.db, fay.id)).toEqual([]);
    const [consent] = await app.db.select().from(appConsents).where(eq(appConsents.userId, fay.id));
    expect(consent?.revokedAt).toBeNull();
  });

  it('rotates a secret and counts the app’s customers (on the embedded database too)', async () => {
    const { app: partner, clientSecret } = await registered('Rotating Rabbit');
    const gus = await fundedCustomer(app, 0, 'Gus');
    await consentTo(partner.clientId, gus.id);
    const rotated = await rotateAppSecret(
      app.db,
      app.deps.encryptionKey,
      { actorId: gus.id, request },
      partner.clientId,
    );
    expect(rotated.clientSecret).not.toBe(clientSecret);
    expect(rotated.app.connectedCustomers).toBe(1);
  });
});
