import type { Database } from '@bank/db';
import { appConsents, oauthStore, partnerApps, users } from '@bank/db/schema';
import { isAppScope } from '@bank/validators/partners';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppAccess, AppPrincipal } from './app-access.ts';
import { grantStands } from './consents.ts';

/** How stale a consent's "last used" may grow before a call through it writes it again. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Reads a token from the database on every call, never from memory: a revoked consent, a
 * revoked token or a disabled app stops working on every instance with the next request.
 */
export function createAppAccess(db: Database, now: () => Date): AppAccess {
  return {
    async verifyAccessToken(token) {
      // Opaque tokens are 43 base64url characters; anything much else names nothing.
      if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
      const at = now();
      const [row] = await db
        .select({
          model: oauthStore.model,
          payload: oauthStore.payload,
          consentId: appConsents.id,
          consentUserId: appConsents.userId,
          userBlocked: users.isBlocked,
          userClosedAt: users.closedAt,
        })
        .from(oauthStore)
        .innerJoin(
          partnerApps,
          and(
            eq(partnerApps.clientId, sql`${oauthStore.payload}->>'clientId'`),
            isNull(partnerApps.disabledAt),
          ),
        )
        .leftJoin(
          appConsents,
          and(eq(appConsents.grantId, oauthStore.grantId), isNull(appConsents.revokedAt)),
        )
        .leftJoin(users, eq(users.id, appConsents.userId))
        .where(
          and(
            inArray(oauthStore.model, ['AccessToken', 'ClientCredentials']),
            eq(oauthStore.id, token),
            gt(oauthStore.expiresAt, at),
          ),
        )
        .limit(1);
      if (!row) return null;
      const clientId = String(row.payload.clientId);
      const scopes = String(row.payload.scope ?? '')
        .split(' ')
        .filter(isAppScope);
      if (row.model === 'ClientCredentials') return { clientId, scopes, userId: null };
      // A customer's token: only while their consent stands and they may bank with us.
      if (
        !row.consentId ||
        row.consentUserId !== row.payload.accountId ||
        row.userBlocked !== false ||
        row.userClosedAt !== null
      ) {
        return null;
      }
      await db
        .update(appConsents)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(appConsents.id, row.consentId),
            or(
              isNull(appConsents.lastUsedAt),
              lt(appConsents.lastUsedAt, new Date(at.getTime() - LAST_USED_RESOLUTION_MS)),
            ),
          ),
        );
      const principal: AppPrincipal = { clientId, scopes, userId: row.consentUserId };
      return principal;
    },

    async grantedUserIds(clientId) {
      const rows = await db
        .select({ userId: appConsents.userId })
        .from(appConsents)
        .where(and(eq(appConsents.clientId, clientId), isNull(appConsents.revokedAt), grantStands));
      return rows.map((row) => row.userId);
    },
  };
}
