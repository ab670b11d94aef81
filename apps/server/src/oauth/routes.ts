import { hasTwoFactor } from '@bank/api/auth/dto';
import type { Context } from '@bank/api/deps';
import { appError } from '@bank/api/errors';
import { consentView, recordConsent, recordConsentDenied } from '@bank/api/partners/consents';
import { consentDecisionInput, isAppScope } from '@bank/validators/partners';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import { createRequestContext, type ServerOptions } from '../context.ts';
import { sendError } from '../plugins/rest-v1.ts';
import { consentPath, oauthRoutes } from './paths.ts';
import { apiResource, createOAuthProvider } from './provider.ts';

/** Every path the provider answers: its endpoints, the resume of an interaction, discovery. */
const providerPaths = [
  '/.well-known/openid-configuration',
  oauthRoutes.authorization,
  `${oauthRoutes.authorization}/:uid`,
  oauthRoutes.token,
  oauthRoutes.revocation,
  oauthRoutes.introspection,
  oauthRoutes.jwks,
  oauthRoutes.userinfo,
  oauthRoutes.end_session,
  `${oauthRoutes.end_session}/confirm`,
  `${oauthRoutes.end_session}/success`,
];

const expiredMessage = 'This request has expired. Go back to the app and connect again.';

/**
 * The customer on the consent page: signed in to the bank with their second factor passed, and
 * a customer (staff do not connect apps to their own banking).
 */
function customerOf(ctx: Context) {
  const auth = ctx.auth;
  if (!auth) throw appError('UNAUTHORIZED', 'Authentication required');
  if (hasTwoFactor(auth.user) && !auth.session.twoFactorVerified) {
    throw appError('FORBIDDEN', 'Two-factor verification required', 'TWO_FACTOR_REQUIRED');
  }
  if (!auth.user.emailVerifiedAt) {
    throw appError('FORBIDDEN', 'Please verify your email first', 'EMAIL_NOT_VERIFIED');
  }
  if (auth.user.role !== 'user') {
    throw appError('FORBIDDEN', 'Only customers can connect apps to their account');
  }
  return auth;
}

/** The interaction this browser holds (its cookie), which must be the one the page shows. */
async function interactionOf(provider: Provider, req: FastifyRequest, reply: FastifyReply) {
  const uid = (req.params as { uid?: unknown }).uid;
  try {
    const details = await provider.interactionDetails(req.raw, reply.raw);
    if (details.uid !== uid) throw appError('NOT_FOUND', expiredMessage);
    const clientId = String(details.params.client_id ?? '');
    const requested = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    return { details, clientId, requested };
  } catch (error) {
    if (error instanceof oidcErrors.SessionNotFound) throw appError('NOT_FOUND', expiredMessage);
    throw error;
  }
}

/**
 * Mounts the OAuth provider on Fastify (its Koa app answers its own paths, bodies unread by
 * Fastify) and the consent page's two JSON calls.
 */
export async function oauthPlugin(
  app: FastifyInstance,
  options: ServerOptions & { trustProxy: boolean },
) {
  const provider = createOAuthProvider(options.deps, {
    trustProxy: options.trustProxy,
    log: app.log,
  });
  const callback = provider.callback();
  const resource = apiResource(options.deps.publicUrl);

  await app.register(async (scope) => {
    // The provider reads form bodies itself: Fastify leaves the stream alone here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    for (const path of providerPaths) {
      scope.route({
        method: ['GET', 'POST', 'HEAD', 'OPTIONS'],
        url: path,
        handler: async (req, reply) => {
          reply.hijack();
          await callback(req.raw, reply.raw);
        },
      });
    }
  });

  app.get(`${consentPath}/:uid/details`, async (req, reply) => {
    try {
      const ctx = await createRequestContext(options, req, reply);
      const auth = customerOf(ctx);
      const { clientId, requested } = await interactionOf(provider, req, reply);
      reply.header('Cache-Control', 'no-store');
      return await consentView(options.deps.db, {
        userId: auth.user.id,
        customerName: `${auth.user.firstName} ${auth.user.lastName}`,
        clientId,
        requested,
      });
    } catch (error) {
      return sendError(reply, error, req.log);
    }
  });

  app.post(`${consentPath}/:uid/decision`, async (req, reply) => {
    try {
      const ctx = await createRequestContext(options, req, reply);
      const auth = customerOf(ctx);
      const { allow } = consentDecisionInput.parse(req.body ?? {});
      const { clientId, requested } = await interactionOf(provider, req, reply);
      const view = await consentView(options.deps.db, {
        userId: auth.user.id,
        customerName: '',
        clientId,
        requested,
      });
      if (!allow) {
        await recordConsentDenied(options.deps.db, {
          userId: auth.user.id,
          clientId,
          request: ctx.request,
        });
        const redirectTo = await provider.interactionResult(
          req.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The customer declined' },
          { mergeWithLastSubmission: false },
        );
        return { redirectTo };
      }
      const scopes = view.scopes.map((entry) => entry.scope).filter(isAppScope);
      const grant = new provider.Grant({ accountId: auth.user.id, clientId });
      const oidcScopes = requested.filter(
        (scope) => scope === 'openid' || scope === 'offline_access',
      );
      if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '));
      if (scopes.length > 0) grant.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant.save();
      await recordConsent(options.deps.db, {
        userId: auth.user.id,
        clientId,
        grantId,
        scopes,
        request: ctx.request,
      });
      const redirectTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId: auth.user.id }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    } catch (error) {
      return sendError(reply, error, req.log);
    }
  });
}
