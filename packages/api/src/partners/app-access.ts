/** What the REST layer and webhooks need to know about a third-party app's token and grants. */
export type AppPrincipal = { clientId: string; scopes: string[]; userId: string | null };

export interface AppAccess {
  /** The app behind a Bearer access token, or null when the token is unknown, expired or revoked. */
  verifyAccessToken(token: string): Promise<AppPrincipal | null>;
  /** Customers who currently grant this app access (consent not revoked). */
  grantedUserIds(clientId: string): Promise<string[]>;
}
