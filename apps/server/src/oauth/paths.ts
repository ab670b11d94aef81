/**
 * Where the provider's endpoints live (discovery is always /.well-known/openid-configuration).
 * The OpenAPI document's oauth2 scheme names the same URLs (plugins/openapi/components.ts).
 */
export const oauthRoutes = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  introspection: '/oauth/introspect',
  jwks: '/oauth/jwks',
  userinfo: '/oauth/userinfo',
  end_session: '/oauth/logout',
} as const;

/** The consent page of the SPA; its JSON calls live under it, where the interaction cookie goes. */
export const consentPath = '/oauth/consent';
