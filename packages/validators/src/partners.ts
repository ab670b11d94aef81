import { z } from 'zod';
import { requiredString } from './common.ts';

/** What a third-party app may be allowed to do (OAuth scopes), in the order screens list them. */
export const appScopes = [
  'accounts:read',
  'transactions:read',
  'payments:write',
  'webhooks:manage',
] as const;
export type AppScope = (typeof appScopes)[number];

/** Each scope in plain words, as the consent page and Connected apps say it to the customer. */
export const appScopeLabels: Record<AppScope, string> = {
  'accounts:read': 'See your account number and balance',
  'transactions:read': 'See your transactions',
  'payments:write': 'Send payments from your account (within your limits)',
  'webhooks:manage': 'Be told when your transactions and loans change',
};

export function isAppScope(value: string): value is AppScope {
  return appScopes.some((scope) => scope === value);
}

const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** https, or http on this machine only (a developer's app); never a fragment (RFC 6749 3.1.2). */
export const redirectUriField = z
  .string()
  .trim()
  .max(500, 'Must be at most 500 characters')
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      if (url.hash !== '' || value.includes('#')) return false;
      return (
        url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname))
      );
    },
    { message: 'Enter an https:// address (http:// only for localhost), without a #fragment' },
  );

export const createAppInput = z.object({
  name: requiredString('App name is required', 80),
  redirectUris: z
    .array(redirectUriField, { error: 'Redirect URIs must be a list' })
    .max(10, 'At most 10 redirect URIs')
    .default([]),
  scopes: z
    .array(z.enum(appScopes, { error: 'Unknown scope' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => appScopes.filter((scope) => scopes.includes(scope))),
});
export type CreateAppInput = z.input<typeof createAppInput>;

/** `app_` and 20 base32 characters (ids the bank makes; anything else names nothing). */
export const clientIdField = z.string().regex(/^app_[a-z2-7]{10,64}$/, 'Not found');

export const clientIdInput = z.object({ clientId: clientIdField });

/** The consent page's answer: Allow (true) or Deny (false). */
export const consentDecisionInput = z.object({ allow: z.boolean({ error: 'Allow or deny' }) });

/** One scope as the customer reads it. */
export const scopeDescriptionSchema = z.object({
  scope: z.enum(appScopes),
  description: z.string(),
});

/** What the consent page shows: the app, what it asks in plain words, and the account. */
export const consentViewSchema = z.object({
  clientId: z.string(),
  appName: z.string(),
  scopes: z.array(scopeDescriptionSchema),
  /** The customer's checking account, last four digits only. */
  accountLast4: z.string().nullable(),
  customerName: z.string(),
});
export type ConsentView = z.infer<typeof consentViewSchema>;

/** Where the browser goes after the customer's answer (back to the app, through the provider). */
export const consentRedirectSchema = z.object({ redirectTo: z.string() });
