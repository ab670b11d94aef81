import type { RestRoute } from '@bank/api/rest/define';
import { components } from './components.ts';
import { buildOperation, openApiPath } from './operation.ts';
import { SchemaBook } from './schema-book.ts';

// The OpenAPI document of /api/v1, built from the REST route table (docs/decisions/018); zod's
// own converter writes the schemas (schema-book.ts), the rest is the shape of our API.

const tagDescriptions: Record<string, string> = {
  Auth: 'Sign-in, registration, e-mail verification, passwords, two-factor authentication and the profile.',
  Accounts: 'Confirmation of payee: who an account number belongs to before sending money.',
  Transactions:
    'Balance, history, CSV export and the money-moving calls (transfer, deposit, withdraw), all idempotent with `Idempotency-Key`.',
  Cards: 'Saved payment cards; only the last four digits ever come back.',
  Banks: 'Linked bank accounts for deposits and withdrawals.',
  Loans: 'Loan products, offers, applications, decisions and repayments.',
  Support: 'Support tickets, their conversation and attachments.',
  Users: 'User administration (administrators).',
  Admin: 'The bank’s administration (administrators).',
  Development: 'Only while no SMTP server is configured: the development mailbox.',
};

/** OpenAPI 3.1 from the same zod schemas the procedures validate with. */
export function buildOpenApiDocument(routes: RestRoute[], site: { publicUrl: string }) {
  const origin = site.publicUrl.replace(/\/+$/, '');
  const book = new SchemaBook();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    paths[key] ??= {};
    paths[key][route.method.toLowerCase()] = buildOperation(route, book);
  }
  const usedTags = [...new Set(routes.map((route) => route.tag))];
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Horizon Bank API',
      version: '1.0.0',
      summary: 'Accounts, payments, cards, loans and support for Horizon Bank’s customers.',
      description: [
        `The REST API over the same procedures the web app uses. The [integrator guide](${origin}/api/docs/integrators) walks through a first transfer and lists every error code.`,
        '- **Authentication:** `POST /auth/login` answers a `token`; send it as `Authorization: Bearer <token>`. Without one, protected calls answer 401 `Authentication required`; with an expired one, `Your session has expired. Please sign in again.`',
        '- **Idempotency:** money-moving calls take an `Idempotency-Key` header; a retry with the same key answers the first result (`Idempotent-Replayed: true`).',
        '- **Errors:** `{code, message, details?}`: `code` is stable (the guide’s catalogue), `message` is written for people, a rule’s refusal carries its figures and `nextStep` in `details`. Every answer carries `X-Request-Id`.',
        '- **Rate limits:** 429 with `Retry-After`; limited calls send `RateLimit` and `RateLimit-Policy`.',
        '- **Amounts:** US dollars as JSON numbers with at most two decimals.',
      ].join('\n'),
      contact: { name: 'Horizon Bank API support', url: `${origin}/support` },
      license: { name: 'Proprietary', url: `${origin}/terms` },
    },
    externalDocs: {
      description: 'The integrator guide: a first transfer, errors and their codes, the changelog.',
      url: `${origin}/api/docs/integrators`,
    },
    servers: [{ url: '/api/v1', description: 'This server' }],
    tags: usedTags.map((name) => ({
      name,
      description: tagDescriptions[name] ?? `${name} operations.`,
    })),
    security: [{ bearer: [] }, { cookie: [] }],
    paths,
    components: components(book, origin),
  };
  return withoutUnusedComponents(document);
}

/** Drops the shared responses and headers no operation names (a lint error otherwise). */
function withoutUnusedComponents<T extends { components: { responses: object; headers: object } }>(
  document: T,
): T {
  const text = JSON.stringify(document);
  const used = (kind: string, name: string) => text.includes(`"#/components/${kind}/${name}"`);
  const keep = (kind: string, entries: object) =>
    Object.fromEntries(Object.entries(entries).filter(([name]) => used(kind, name)));
  return {
    ...document,
    components: {
      ...document.components,
      responses: keep('responses', document.components.responses),
      headers: keep('headers', document.components.headers),
    },
  };
}
