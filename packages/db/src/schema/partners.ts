import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, primaryId, timestampNow } from './columns.ts';
import { nullableUserId, ownerId } from './users.ts';

/**
 * Third-party apps staff registered (OAuth clients). The secret is sealed with the bank's key,
 * not hashed: the OAuth library compares the presented secret with the stored one itself.
 */
export const partnerApps = pgTable('partner_apps', {
  clientId: text().primaryKey(),
  name: text().notNull(),
  redirectUris: jsonb().$type<string[]>().notNull(),
  scopes: jsonb().$type<string[]>().notNull(),
  secretSealed: text().notNull(),
  createdBy: nullableUserId(),
  createdAt: timestampNow(),
  secretRotatedAt: instant(),
  /** A disabled app signs nobody in and its tokens stop working; the row stays for the log. */
  disabledAt: instant(),
});

/**
 * What the OAuth provider keeps between requests (its adapter's models: grants, codes, tokens,
 * interactions, its own sessions), in the database so that every instance sees it and a
 * revocation holds everywhere at once. `id` of an access token is the token itself.
 */
export const oauthStore = pgTable(
  'oauth_store',
  {
    model: text().notNull(),
    id: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text(),
    uid: text(),
    userCode: text(),
    expiresAt: instant(),
    consumedAt: instant(),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oauth_store_grant_idx').on(table.grantId),
    index('oauth_store_uid_idx').on(table.uid),
    index('oauth_store_expires_idx').on(table.expiresAt),
  ],
);

/**
 * A customer's consent to an app: one row per customer and app, naming the provider's grant
 * that the app's tokens hang on. Revoking keeps the row (`revokedAt`) and deletes the grant.
 */
export const appConsents = pgTable(
  'app_consents',
  {
    id: primaryId(),
    userId: ownerId(),
    clientId: text()
      .notNull()
      .references(() => partnerApps.clientId, { onDelete: 'cascade' }),
    grantId: text().notNull(),
    scopes: jsonb().$type<string[]>().notNull(),
    grantedAt: timestampNow(),
    lastUsedAt: instant(),
    revokedAt: instant(),
  },
  (table) => [
    uniqueIndex('app_consents_user_client_idx').on(table.userId, table.clientId),
    index('app_consents_client_idx').on(table.clientId),
    uniqueIndex('app_consents_grant_idx').on(table.grantId),
  ],
);
