import { randomBytes } from 'node:crypto';
import type { AppAccess, AppPrincipal } from '../partners/app-access.ts';

/**
 * An AppAccess kept in memory, for tests: they issue tokens and grants as the OAuth provider
 * would, and revoke them. Over `provider` (the real one, partners/access.ts), whose tokens and
 * consents count too, so a test may go through the OAuth provider instead.
 */
export class MemoryAppAccess implements AppAccess {
  private readonly tokens = new Map<string, AppPrincipal>();
  private readonly grants = new Map<string, Set<string>>();

  constructor(private readonly provider?: AppAccess) {}

  /** A client-credentials token of `clientId` (userId null) unless a customer is named. */
  issueToken(clientId: string, scopes: string[], userId: string | null = null): string {
    const token = `test_at_${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, { clientId, scopes, userId });
    return token;
  }

  revokeToken(token: string): void {
    this.tokens.delete(token);
  }

  grant(clientId: string, userId: string): void {
    const granted = this.grants.get(clientId) ?? new Set<string>();
    granted.add(userId);
    this.grants.set(clientId, granted);
  }

  revokeGrant(clientId: string, userId: string): void {
    this.grants.get(clientId)?.delete(userId);
  }

  async verifyAccessToken(token: string): Promise<AppPrincipal | null> {
    return this.tokens.get(token) ?? (await this.provider?.verifyAccessToken(token)) ?? null;
  }

  async grantedUserIds(clientId: string): Promise<string[]> {
    const granted = new Set(this.grants.get(clientId));
    for (const userId of (await this.provider?.grantedUserIds(clientId)) ?? []) granted.add(userId);
    return [...granted];
  }
}
