import type { Database } from '@bank/db';
import { accounts, appConsents, oauthStore, partnerApps } from '@bank/db/schema';
import {
  type AppScope,
  appScopeLabels,
  appScopes,
  type ConsentView,
  scopeDescriptionSchema,
} from '@bank/validators/partners';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import type { RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import { last4 } from '../ledger/masking.ts';
import { instant } from '../rest/schemas.ts';

function describe(scopes: readonly string[]): z.infer<typeof scopeDescriptionSchema>[] {
  return appScopes
    .filter((scope) => scopes.includes(scope))
    .map((scope) => ({ scope, description: appScopeLabels[scope] }));
}

/**
 * The consent's grant is still the provider's: it goes when the app revokes its refresh token,
 * or reuses a spent one (the provider then ends the grant), as well as by the customer here.
 */
export const grantStands = sql`exists (select 1 from ${oauthStore} g
  where g.model = 'Grant' and g.id = ${appConsents.grantId} and g.expires_at > now())`;

/** An app a customer let in, as their Profile lists it. */
export const connectedAppSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(scopeDescriptionSchema),
  grantedAt: instant,
  lastUsedAt: instant.nullable(),
});
export type ConnectedAppDto = z.infer<typeof connectedAppSchema>;

export async function listConnectedApps(db: Database, userId: string): Promise<ConnectedAppDto[]> {
  const rows = await db
    .select({
      clientId: appConsents.clientId,
      name: partnerApps.name,
      scopes: appConsents.scopes,
      grantedAt: appConsents.grantedAt,
      lastUsedAt: appConsents.lastUsedAt,
    })
    .from(appConsents)
    .innerJoin(partnerApps, eq(partnerApps.clientId, appConsents.clientId))
    .where(
      and(
        eq(appConsents.userId, userId),
        isNull(appConsents.revokedAt),
        isNull(partnerApps.disabledAt),
        grantStands,
      ),
    )
    .orderBy(desc(appConsents.grantedAt), asc(appConsents.clientId));
  return rows.map((row) => ({
    ...row,
    scopes: describe(row.scopes),
    grantedAt: row.grantedAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * The customer takes an app's access back: its grant and every token and code hanging on it are
 * deleted in one transaction, so the app's next call fails on every instance.
 */
export async function revokeConnectedApp(
  db: Database,
  input: { userId: string; clientId: string; request: RequestInfo },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [consent] = await tx
      .update(appConsents)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(appConsents.userId, input.userId),
          eq(appConsents.clientId, input.clientId),
          isNull(appConsents.revokedAt),
        ),
      )
      .returning();
    if (!consent) throw appError('NOT_FOUND', 'Not found');
    await tx.delete(oauthStore).where(eq(oauthStore.grantId, consent.grantId));
    await recordAudit(tx, {
      event: 'app.consent_revoked',
      userId: input.userId,
      request: input.request,
      details: { clientId: input.clientId },
    });
  });
}

export async function consentView(
  db: Database,
  input: {
    userId: string;
    customerName: string;
    clientId: string;
    requested: readonly string[];
  },
): Promise<ConsentView> {
  const [app] = await db
    .select({ name: partnerApps.name, scopes: partnerApps.scopes })
    .from(partnerApps)
    .where(and(eq(partnerApps.clientId, input.clientId), isNull(partnerApps.disabledAt)));
  if (!app) throw appError('NOT_FOUND', 'Not found');
  const [account] = await db
    .select({ accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.userId, input.userId), eq(accounts.kind, 'customer')))
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .limit(1);
  return {
    clientId: input.clientId,
    appName: app.name,
    scopes: describe(input.requested.filter((scope) => app.scopes.includes(scope))),
    accountLast4: account ? last4(account.accountNumber) : null,
    customerName: input.customerName,
  };
}

/**
 * The customer allowed the app: one consent per customer and app, now naming this grant. A
 * grant given before is replaced, and its tokens deleted, so an app holds one grant at a time.
 */
export async function recordConsent(
  db: Database,
  input: {
    userId: string;
    clientId: string;
    grantId: string;
    scopes: readonly AppScope[];
    request: RequestInfo;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ grantId: appConsents.grantId })
      .from(appConsents)
      .where(and(eq(appConsents.userId, input.userId), eq(appConsents.clientId, input.clientId)));
    await tx
      .insert(appConsents)
      .values({
        userId: input.userId,
        clientId: input.clientId,
        grantId: input.grantId,
        scopes: [...input.scopes],
      })
      .onConflictDoUpdate({
        target: [appConsents.userId, appConsents.clientId],
        set: {
          grantId: input.grantId,
          scopes: [...input.scopes],
          grantedAt: new Date(),
          lastUsedAt: null,
          revokedAt: null,
        },
      });
    if (before && before.grantId !== input.grantId) {
      await tx
        .delete(oauthStore)
        .where(and(eq(oauthStore.grantId, before.grantId), ne(oauthStore.model, 'Session')));
    }
    await recordAudit(tx, {
      event: 'app.consent_granted',
      userId: input.userId,
      request: input.request,
      details: { clientId: input.clientId, scopes: input.scopes.join(' ') },
    });
  });
}

export async function recordConsentDenied(
  db: Database,
  input: { userId: string; clientId: string; request: RequestInfo },
): Promise<void> {
  await recordAudit(db, {
    event: 'app.consent_denied',
    userId: input.userId,
    request: input.request,
    details: { clientId: input.clientId },
  });
}
