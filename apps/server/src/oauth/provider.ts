import type { AppDeps } from '@bank/api/deps';
import { OAuthStoreAdapter, PartnerClientAdapter } from '@bank/api/partners/oauth-store';
import { appConsents, partnerApps, users } from '@bank/db/schema';
import { appScopes } from '@bank/validators/partners';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { errors } from 'oidc-provider';
import { isRecord } from '../is-record.ts';
import { cookieKeys, idTokenSigningKey } from './keys.ts';
import { consentPath, oauthRoutes } from './paths.ts';

/** Access tokens live 10 minutes; refresh tokens (rotated on each use) 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);

/**
 * What a customer's browser shows when an app's request cannot go back to the app (an unknown
 * app or redirect URI): the bank's words, nothing loaded from elsewhere.
 */
function errorPage(out: { error: string; error_description?: string | undefined }): string {
  const detail = [out.error, out.error_description].filter(Boolean).join(': ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Horizon Bank</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><main><h1>This app's request could not be completed</h1><p>${escapeHtml(detail)}</p><p>Go back to the app and try again, or <a href="/">return to Horizon Bank</a>.</p></main></body></html>`;
}

/** The resource every app token is for: the REST API. */
export function apiResource(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1`;
}

/**
 * The bank's OAuth 2.0 / OpenID Connect provider (panva's oidc-provider, a certified
 * implementation). Its state lives in the database (partners/oauth-store.ts), its keys derive
 * from configuration, so any instance answers any step of a flow.
 */
export function createOAuthProvider(
  deps: AppDeps,
  options: { trustProxy: boolean; log: FastifyBaseLogger },
): Provider {
  const issuer = deps.publicUrl.replace(/\/+$/, '');
  const resource = apiResource(issuer);
  const clients = new PartnerClientAdapter(deps.db, deps.encryptionKey);
  const provider = new Provider(issuer, {
    adapter: (model: string) =>
      model === 'Client' ? clients : new OAuthStoreAdapter(deps.db, model),
    clients: [],
    routes: oauthRoutes,
    // The authorization code flow only: no implicit or hybrid tokens in the browser.
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access'],
    claims: { openid: ['sub'] },
    jwks: { keys: [idTokenSigningKey(deps.encryptionKey)] },
    cookies: { keys: cookieKeys(deps.encryptionKey) },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    },
    // Every app proves its code with PKCE, S256 only (plain would show the verifier).
    pkce: { methods: ['S256'], required: () => true },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: {
        enabled: true,
        // An app learns about its own tokens only.
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      // A token is revoked only by the app it was issued to (the library's own rule).
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        // The scopes staff gave the app are the most it can ask for (read per request, so a
        // change holds at once).
        getResourceServerInfo: async (ctx, indicator, client) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          const [app] = await deps.db
            .select({ scopes: partnerApps.scopes })
            .from(partnerApps)
            .where(eq(partnerApps.clientId, client.clientId));
          const allowed = app?.scopes ?? [];
          // An app asking for its own token is refused by name a scope staff did not give it (or
          // one the API does not know): the library would issue a token without it, silently.
          if (ctx.oidc.params?.grant_type === 'client_credentials') {
            const requested = String(ctx.oidc.params.scope ?? '').split(' ');
            const refused = requested.find((scope) => scope !== '' && !allowed.includes(scope));
            if (refused) throw new errors.InvalidScope('requested scope is not allowed', refused);
          }
          return {
            scope: appScopes.filter((scope) => allowed.includes(scope)).join(' '),
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            // Opaque: looked up in the database on every call, so a revocation holds at once.
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      ClientCredentials: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Interaction: 600,
      Session: 600,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
    },
    // Every app that may refresh gets a refresh token, rotated at every use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // The consent, not the provider's short session, decides how long tokens live.
    expiresWithSession: async () => false,
    // The customer sees the consent page every time (signed in to the bank, 2FA passed): only
    // the grant this very interaction produced is used.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { url: async (_ctx, interaction) => `${consentPath}/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const [user] = await deps.db
        .select({ id: users.id, isBlocked: users.isBlocked, closedAt: users.closedAt })
        .from(users)
        .where(eq(users.id, id));
      if (!user || user.isBlocked || user.closedAt) return undefined;
      return { accountId: user.id, claims: async () => ({ sub: user.id }) };
    },
    // Apps are servers (confidential clients): no browser calls the token endpoint cross-site.
    clientBasedCORS: () => false,
    discovery: { service_documentation: `${issuer}/api/docs` },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
  });
  provider.proxy = options.trustProxy;
  // Every URL the provider writes (discovery's endpoints, redirects to the consent page) is built
  // from the request's host: a request by another name of the server (its address, a second host
  // name, a forged Host header) is answered with the issuer's, so no client is sent elsewhere.
  const issuerUrl = new URL(issuer);
  provider.use(async (ctx, next) => {
    ctx.req.headers.host = issuerUrl.host;
    if (options.trustProxy) {
      ctx.req.headers['x-forwarded-host'] = issuerUrl.host;
      ctx.req.headers['x-forwarded-proto'] = issuerUrl.protocol.replace(':', '');
    }
    await next();
  });
  // Discovery lists only OpenID's scopes; the API's, which an app asks for at the resource, are
  // added (the library's discovery settings only fill in fields it leaves out).
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/.well-known/openid-configuration' || !isRecord(ctx.body)) return;
    const listed = Array.isArray(ctx.body.scopes_supported) ? ctx.body.scopes_supported : [];
    ctx.body = { ...ctx.body, scopes_supported: [...new Set([...listed, ...appScopes])] };
  });
  // A grant ended by the provider itself (a refresh token revoked) ends the consent too.
  provider.on('grant.revoked', (_ctx, grantId: string) => {
    void deps.db
      .update(appConsents)
      .set({ revokedAt: new Date() })
      .where(and(eq(appConsents.grantId, grantId), isNull(appConsents.revokedAt)))
      .catch((err: unknown) => options.log.warn({ err }, 'Could not mark a consent revoked'));
  });
  // The provider answers its own 500s; they are logged with ours.
  provider.on('server_error', (_ctx, err: Error) => {
    options.log.error({ err }, 'OAuth provider failed');
  });
  return provider;
}
