import { seal } from '@bank/auth/cipher';
import { randomToken } from '@bank/auth/random';
import type { Database, Executor } from '@bank/db';
import { appConsents, oauthStore, partnerApps } from '@bank/db/schema';
import type { createAppInput } from '@bank/validators/partners';
import { appScopes } from '@bank/validators/partners';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import type { RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import { instant } from '../rest/schemas.ts';

/** An app as staff see it (never its secret, which is shown once when made or rotated). */
export const partnerAppSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.enum(appScopes)),
  status: z.enum(['active', 'disabled']),
  /** Customers whose consent stands. */
  connectedCustomers: z.number().int(),
  createdAt: instant,
  secretRotatedAt: instant.nullable(),
  disabledAt: instant.nullable(),
});
export type PartnerAppDto = z.infer<typeof partnerAppSchema>;

export const appWithSecretSchema = z.object({
  app: partnerAppSchema,
  /** Shown this once: the bank keeps it sealed and never answers it again. */
  clientSecret: z.string(),
});

type AppRow = typeof partnerApps.$inferSelect;

function toDto(row: AppRow, connectedCustomers: number): PartnerAppDto {
  return {
    clientId: row.clientId,
    name: row.name,
    redirectUris: row.redirectUris,
    scopes: appScopes.filter((scope) => row.scopes.includes(scope)),
    status: row.disabledAt ? 'disabled' : 'active',
    connectedCustomers,
    createdAt: row.createdAt.toISOString(),
    secretRotatedAt: row.secretRotatedAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/** 256 random bits: client_secret_basic compares it whole. */
function newSecret(): string {
  return `secret_${randomToken(32)}`;
}

interface Actor {
  actorId: string;
  request: RequestInfo;
}

export async function createApp(
  db: Database,
  encryptionKey: Buffer,
  actor: Actor,
  input: z.output<typeof createAppInput>,
): Promise<z.infer<typeof appWithSecretSchema>> {
  const clientSecret = newSecret();
  const clientId = `app_${randomToken(12)}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(partnerApps)
      .values({
        clientId,
        name: input.name,
        redirectUris: input.redirectUris,
        scopes: input.scopes,
        secretSealed: seal(encryptionKey, clientSecret),
        createdBy: actor.actorId,
      })
      .returning();
    if (!row) throw new Error('App insert returned nothing');
    await recordAudit(tx, {
      event: 'app.created',
      actorId: actor.actorId,
      request: actor.request,
      details: { clientId, name: input.name, scopes: input.scopes.join(' ') },
    });
    return { app: toDto(row, 0), clientSecret };
  });
}

async function connectedCounts(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ clientId: appConsents.clientId, n: count() })
    .from(appConsents)
    .where(isNull(appConsents.revokedAt))
    .groupBy(appConsents.clientId);
  return new Map(rows.map((row) => [row.clientId, row.n]));
}

export async function listApps(db: Database): Promise<PartnerAppDto[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(partnerApps).orderBy(desc(partnerApps.createdAt), partnerApps.clientId),
    connectedCounts(db),
  ]);
  return rows.map((row) => toDto(row, counts.get(row.clientId) ?? 0));
}

async function appById(db: Database, clientId: string): Promise<AppRow> {
  const [row] = await db.select().from(partnerApps).where(eq(partnerApps.clientId, clientId));
  if (!row) throw appError('NOT_FOUND', 'Not found');
  return row;
}

/** A new secret; the old one stops at once (tokens already issued run out on their own). */
export async function rotateAppSecret(
  db: Database,
  encryptionKey: Buffer,
  actor: Actor,
  clientId: string,
): Promise<z.infer<typeof appWithSecretSchema>> {
  const existing = await appById(db, clientId);
  if (existing.disabledAt) throw appError('CONFLICT', 'This app is disabled');
  const clientSecret = newSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(partnerApps)
      .set({ secretSealed: seal(encryptionKey, clientSecret), secretRotatedAt: new Date() })
      .where(and(eq(partnerApps.clientId, clientId), isNull(partnerApps.disabledAt)))
      .returning();
    if (!row) throw appError('CONFLICT', 'This app is disabled');
    await recordAudit(tx, {
      event: 'app.secret_rotated',
      actorId: actor.actorId,
      request: actor.request,
      details: { clientId },
    });
    // Inside the transaction: on the embedded database (one connection) `db` would wait on it.
    const counts = await connectedCounts(tx);
    return { app: toDto(row, counts.get(clientId) ?? 0), clientSecret };
  });
}

/** Disabled for good: no sign-in, no token, and every token it holds is deleted now. */
export async function disableApp(
  db: Database,
  actor: Actor,
  clientId: string,
): Promise<PartnerAppDto> {
  const existing = await appById(db, clientId);
  if (existing.disabledAt) return toDto(existing, 0);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(partnerApps)
      .set({ disabledAt: new Date() })
      .where(eq(partnerApps.clientId, clientId))
      .returning();
    if (!row) throw appError('NOT_FOUND', 'Not found');
    await tx.delete(oauthStore).where(sql`${oauthStore.payload}->>'clientId' = ${clientId}`);
    await recordAudit(tx, {
      event: 'app.disabled',
      actorId: actor.actorId,
      request: actor.request,
      details: { clientId, name: row.name },
    });
    return toDto(row, 0);
  });
}
