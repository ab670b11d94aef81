import type { SessionWithUser } from '@bank/api/auth/sessions';
import type { AppDeps } from '@bank/api/deps';
import type { AppPrincipal } from '@bank/api/partners/app-access';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';

/**
 * A third-party app's Bearer token on /api/v1: the app, and the customer it acts for as a
 * signed-in caller, so that the same procedures (and the ledger's rules and limits) judge its
 * calls. There is no session row: `session` describes the call, and the ledger confirms no
 * session for it (transactions/transfer.ts), the consent having been read for this request.
 */
export async function appCaller(
  deps: AppDeps,
  token: string,
): Promise<{ app: AppPrincipal; auth: SessionWithUser | null } | null> {
  const app = await deps.appAccess.verifyAccessToken(token);
  if (!app) return null;
  if (app.userId === null) return { app, auth: null };
  const [user] = await deps.db.select().from(users).where(eq(users.id, app.userId));
  if (!user || user.isBlocked || !user.emailVerifiedAt) return null;
  const now = deps.now();
  return {
    app,
    auth: {
      app,
      token,
      user,
      session: {
        id: `app.${app.clientId}.${user.id}`,
        secretHash: Buffer.alloc(0),
        userId: user.id,
        persistent: false,
        // The customer passed their second factor before consenting (the consent page).
        twoFactorVerified: true,
        ip: null,
        userAgent: null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: now,
      },
    },
  };
}
