import { clientIdInput, createAppInput } from '@bank/validators/partners';
import { z } from 'zod';
import { defineRoute, noInput } from '../rest/define.ts';
import { appWithSecretSchema, partnerAppSchema } from './apps.ts';
import { connectedAppSchema } from './consents.ts';

const appsTag = 'Third-party apps';

const exampleApp = {
  clientId: 'app_k3v7q2m9x4t8b6n5w2c1',
  name: 'Budget Buddy',
  redirectUris: ['https://budgetbuddy.example/callback'],
  scopes: ['accounts:read', 'transactions:read'] as ('accounts:read' | 'transactions:read')[],
  status: 'active' as const,
  connectedCustomers: 0,
  createdAt: '2026-11-27T15:02:00.000Z',
  secretRotatedAt: null,
  disabledAt: null,
};

export const partnerRestRoutes = [
  defineRoute({
    method: 'POST',
    path: '/admin/apps',
    summary: 'Register a third-party app (an OAuth client). The secret is answered this once.',
    description:
      'The app signs customers in with the authorization code flow and PKCE (S256) at the `redirectUris`, and calls for itself with client credentials; it may ask only for the `scopes` given here. Keep `clientSecret`: the bank stores it sealed and never shows it again (rotate it if lost). See the integrator guide, OAuth.',
    tag: appsTag,
    access: 'admin',
    input: createAppInput,
    example: {
      name: 'Budget Buddy',
      redirectUris: ['https://budgetbuddy.example/callback'],
      scopes: ['accounts:read', 'transactions:read'],
    },
    output: appWithSecretSchema,
    answerExample: {
      app: exampleApp,
      clientSecret: 'secret_7dq2xk4m9v3b8n6t5w1c2z7y4r3p6s8a9e2f5g3h7j4k1m6n8q',
    },
    successStatus: 201,
    handle: ({ caller, input }) => caller.partners.createApp(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/apps',
    summary: 'Every registered third-party app, newest first (never their secrets).',
    tag: appsTag,
    access: 'admin',
    input: noInput,
    output: z.object({ data: z.array(partnerAppSchema) }),
    answerExample: { data: [exampleApp] },
    handle: async ({ caller }) => ({ data: await caller.partners.listApps() }),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/apps/:clientId/rotate-secret',
    summary: 'Give the app a new secret (answered this once); the old one stops at once.',
    tag: appsTag,
    access: 'admin',
    errors: [409],
    input: clientIdInput,
    output: appWithSecretSchema,
    handle: ({ caller, input }) => caller.partners.rotateAppSecret(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/apps/:clientId/disable',
    summary: 'Disable the app for good: no sign-in, no token, and its tokens stop at once.',
    tag: appsTag,
    access: 'admin',
    input: clientIdInput,
    output: z.object({ app: partnerAppSchema }),
    handle: async ({ caller, input }) => ({ app: await caller.partners.disableApp(input) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/connected-apps',
    summary: 'The apps the customer let act for them: what each may do, when, and last use.',
    tag: appsTag,
    access: 'customer',
    input: noInput,
    output: z.object({ data: z.array(connectedAppSchema) }),
    answerExample: {
      data: [
        {
          clientId: exampleApp.clientId,
          name: exampleApp.name,
          scopes: [{ scope: 'transactions:read', description: 'See your transactions' }],
          grantedAt: '2026-11-27T15:10:00.000Z',
          lastUsedAt: '2026-11-27T15:12:30.000Z',
        },
      ],
    },
    handle: async ({ caller }) => ({ data: await caller.partners.connectedApps() }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/connected-apps/:clientId',
    summary: 'Disconnect an app: its tokens stop working at once, on every server.',
    tag: appsTag,
    access: 'customer',
    input: clientIdInput,
    output: z.object({ message: z.string() }),
    answerExample: { message: 'App disconnected' },
    handle: ({ caller, input }) => caller.partners.revokeConnectedApp(input),
  }),
];
