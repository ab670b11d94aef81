import { open } from '@bank/auth/cipher';
import type { Database } from '@bank/db';
import { oauthStore, partnerApps } from '@bank/db/schema';
import { and, eq, gt, isNull, or } from 'drizzle-orm';

type Payload = Record<string, unknown>;

/**
 * The OAuth provider's storage (oidc-provider's adapter interface, one instance per model): its
 * grants, codes, tokens and interactions live in `oauth_store`, so every instance sees the
 * same state and a deleted token is gone for all of them at once.
 */
export class OAuthStoreAdapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: Payload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      model: this.model,
      id,
      payload,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      expiresAt,
    };
    await this.db
      .insert(oauthStore)
      .values(row)
      .onConflictDoUpdate({
        target: [oauthStore.model, oauthStore.id],
        set: {
          payload: row.payload,
          grantId: row.grantId,
          uid: row.uid,
          userCode: row.userCode,
          expiresAt,
        },
      });
  }

  private async findWhere(where: ReturnType<typeof eq>): Promise<Payload | undefined> {
    const [row] = await this.db
      .select({ payload: oauthStore.payload, consumedAt: oauthStore.consumedAt })
      .from(oauthStore)
      .where(
        and(
          eq(oauthStore.model, this.model),
          where,
          or(isNull(oauthStore.expiresAt), gt(oauthStore.expiresAt, new Date())),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    return row.consumedAt
      ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : row.payload;
  }

  find(id: string): Promise<Payload | undefined> {
    return this.findWhere(eq(oauthStore.id, id));
  }

  findByUid(uid: string): Promise<Payload | undefined> {
    return this.findWhere(eq(oauthStore.uid, uid));
  }

  findByUserCode(userCode: string): Promise<Payload | undefined> {
    return this.findWhere(eq(oauthStore.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oauthStore)
      .set({ consumedAt: new Date() })
      .where(and(eq(oauthStore.model, this.model), eq(oauthStore.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oauthStore)
      .where(and(eq(oauthStore.model, this.model), eq(oauthStore.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oauthStore).where(eq(oauthStore.grantId, grantId));
  }
}

/**
 * The provider's 'Client' model, read from the apps staff registered: an unknown or disabled
 * app is no client at all, so disabling one stops its sign-ins and token requests at once.
 */
export class PartnerClientAdapter {
  constructor(
    private readonly db: Database,
    private readonly encryptionKey: Buffer,
  ) {}

  async find(clientId: string): Promise<Payload | undefined> {
    const [app] = await this.db
      .select()
      .from(partnerApps)
      .where(and(eq(partnerApps.clientId, clientId), isNull(partnerApps.disabledAt)))
      .limit(1);
    if (!app) return undefined;
    const acting = app.redirectUris.length > 0;
    return {
      client_id: app.clientId,
      client_secret: open(this.encryptionKey, app.secretSealed).toString('utf8'),
      client_name: app.name,
      redirect_uris: app.redirectUris,
      response_types: acting ? ['code'] : [],
      grant_types: acting
        ? ['authorization_code', 'refresh_token', 'client_credentials']
        : ['client_credentials'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    };
  }

  // Clients are registered through the bank's own screens, never through the provider.
  async upsert(): Promise<void> {}
  async findByUid(): Promise<undefined> {}
  async findByUserCode(): Promise<undefined> {}
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}
