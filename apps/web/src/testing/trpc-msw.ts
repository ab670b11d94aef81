import type { AppRouter } from '@bank/api';
import type { AnyTRPCProcedure, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { HttpResponse, http } from 'msw';

/**
 * A tiny tRPC HTTP server for msw: answers batched GET queries and POST mutations at /trpc
 * with the wire format of @trpc/server (no transformer). Tests register procedures with
 * `mockProcedure`; every call is recorded in `trpcCalls`.
 */

type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE';

const errorCodes: Record<ErrorCode, { rpc: number; status: number }> = {
  BAD_REQUEST: { rpc: -32600, status: 400 },
  UNAUTHORIZED: { rpc: -32001, status: 401 },
  FORBIDDEN: { rpc: -32003, status: 403 },
  NOT_FOUND: { rpc: -32004, status: 404 },
  CONFLICT: { rpc: -32009, status: 409 },
  TOO_MANY_REQUESTS: { rpc: -32029, status: 429 },
  INTERNAL_SERVER_ERROR: { rpc: -32603, status: 500 },
  SERVICE_UNAVAILABLE: { rpc: -32603, status: 503 },
};

/** Throw this from a procedure mock to answer a tRPC error. */
export class TrpcMockError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      reason?: string;
      details?: { field: string; message: string }[];
      /** A rule's figures, sent as `details` in place of field errors (limit, used, ...). */
      figures?: Record<string, string | number | null>;
    } = {},
  ) {
    super(message);
  }
}

/** A procedure's mock that refuses every call with this error. */
export function failing(
  code: ErrorCode,
  message: string,
  extra?: ConstructorParameters<typeof TrpcMockError>[2],
): () => never {
  return () => {
    throw new TrpcMockError(code, message, extra);
  };
}

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** 'auth.me', 'loans.all', ...: every query and mutation (subscriptions go over the socket). */
type PathsOf<Record, Prefix extends string = ''> = {
  [Key in keyof Record & string]: Record[Key] extends AnyTRPCProcedure
    ? Record[Key]['_def']['type'] extends 'subscription'
      ? never
      : `${Prefix}${Key}`
    : PathsOf<Record[Key], `${Prefix}${Key}.`>;
}[keyof Record & string];

export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

/** The type at a dotted path of the nested inputs or outputs. */
type At<Tree, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof Tree
    ? At<Tree[Head], Rest>
    : never
  : Path extends keyof Tree
    ? Tree[Path]
    : never;

/**
 * A stand-in for one procedure, typed from the router: it gets the procedure's input and must
 * answer its output as the wire carries it (or throw a TrpcMockError), so a mock of the wrong
 * shape fails typecheck.
 */
export type ProcedureMock<Path extends ProcedurePath> = (
  input: At<Inputs, Path>,
) => At<Outputs, Path> | Promise<At<Outputs, Path>>;

export type ProcedureMocks = { [Path in ProcedurePath]?: ProcedureMock<Path> };

/**
 * A mock as the table keeps it, its path's types erased. A method's parameter is bivariant, so
 * each typed mock fits here as it is; the input it then gets is what the typed client sent.
 */
interface StoredMock {
  answer(input: unknown): unknown;
}

const procedures = new Map<string, StoredMock>();
export const trpcCalls: { path: string; input: unknown }[] = [];
export const unmockedProcedures: string[] = [];

export function mockProcedure<Path extends ProcedurePath>(
  path: Path,
  mock: ProcedureMock<Path>,
): void {
  procedures.set(path, { answer: mock });
}

export function mockProcedures(mocks: ProcedureMocks): void {
  for (const [path, mock] of Object.entries(mocks)) {
    if (mock) procedures.set(path, { answer: mock });
  }
}

/**
 * Procedures every screen may call, answered unless a test says otherwise: the bank's public
 * profile (logo, footers, maintenance), the customer's account restrictions and the top bar's
 * bell (an empty inbox).
 */
export const defaultBankProfile = {
  bankName: 'Horizon Bank',
  supportEmail: 'support@horizonbank.example',
  supportPhone: '1-800-555-0199',
  maintenanceMode: false,
};

function installDefaults(): void {
  procedures.set('settings.public', { answer: () => defaultBankProfile });
  // The dashboard asks for freezes and holds: none unless a test says otherwise.
  procedures.set('restrictions.mine', {
    answer: () => ({
      accounts: [],
      support: { email: defaultBankProfile.supportEmail, phone: defaultBankProfile.supportPhone },
    }),
  });
  procedures.set('notifications.list', { answer: () => ({ data: [], unread: 0 }) });
  // The user page's freezes and holds (staff): no accounts unless a test says otherwise.
  procedures.set('restrictions.ofUser', { answer: () => ({ accounts: [] }) });
  // The user page's scheduled transfers (staff): none unless a test says otherwise.
  procedures.set('scheduled.ofUser', { answer: () => ({ data: [] }) });
  // The customer's disputes ('Report a problem' on a payment): none unless a test says otherwise.
  procedures.set('disputes.mine', { answer: () => ({ data: [] }) });
  // The user page's reversals, disputes and approvals (staff): none unless a test says otherwise.
  procedures.set('admin.userOperations', {
    answer: () => ({ reversals: [], disputes: [], approvals: [] }),
  });
  // The dashboard's week ahead of scheduled payments: none unless a test says otherwise.
  procedures.set('scheduled.upcoming', {
    answer: () => ({
      from: '2026-11-27',
      to: '2026-12-03',
      payments: [],
      total: 0,
      available: 0,
      availableAfter: 0,
    }),
  });
}
installDefaults();

export function resetTrpcMocks(): void {
  procedures.clear();
  installDefaults();
  trpcCalls.length = 0;
  unmockedProcedures.length = 0;
}

export function callsTo(path: string): unknown[] {
  return trpcCalls.filter((call) => call.path === path).map((call) => call.input);
}

function parseInputs(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  return typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
}

async function answer(path: string, input: unknown) {
  trpcCalls.push({ path, input });
  const mock = procedures.get(path);
  try {
    if (!mock) {
      unmockedProcedures.push(path);
      throw new TrpcMockError('NOT_FOUND', `No mock for procedure ${path}`);
    }
    const data = await mock.answer(input);
    return { status: 200, body: { result: { data } } };
  } catch (error) {
    const mockError =
      error instanceof TrpcMockError
        ? error
        : new TrpcMockError(
            'INTERNAL_SERVER_ERROR',
            'An unexpected error occurred. Please try again later.',
          );
    const { rpc, status } = errorCodes[mockError.code];
    return {
      status,
      body: {
        error: {
          message: mockError.message,
          code: rpc,
          data: {
            code: mockError.code,
            httpStatus: status,
            path,
            reason: mockError.extra.reason,
            details: mockError.extra.details ?? mockError.extra.figures,
          },
        },
      },
    };
  }
}

async function respond(paths: string, inputs: Record<string, unknown>) {
  const names = decodeURIComponent(paths).split(',');
  const results = await Promise.all(
    names.map((name, index) => answer(name, inputs[String(index)])),
  );
  const statuses = new Set(results.map((result) => result.status));
  const status = statuses.size === 1 ? (results[0]?.status ?? 200) : 207;
  return HttpResponse.json(
    results.map((result) => result.body),
    { status },
  );
}

export const trpcHandlers = [
  http.get('*/trpc/:paths', async ({ request, params }) => {
    const url = new URL(request.url);
    return respond(String(params.paths), parseInputs(url.searchParams.get('input')));
  }),
  http.post('*/trpc/:paths', async ({ request, params }) => {
    const text = await request.text();
    return respond(String(params.paths), parseInputs(text || null));
  }),
];
