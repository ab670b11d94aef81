import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * What never reaches a log (the security review): credentials in headers, and any field that
 * names a secret, at the top or up to three levels down (pino's `redact`). Not `code`: errors
 * carry their SQLSTATE there (a TOTP code is never logged).
 */
const secretFields = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'secret',
  'twoFactorSecret',
  'twoFactorPendingSecret',
  'recoveryCodes',
  'cardNumber',
  'number',
  'numberSealed',
  'cvv',
  'cvvHash',
  'accountNumberSealed',
  'bankAccountNumber',
  'idempotencyKey',
];

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  ...secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A PostgreSQL error (postgres.js or PGlite): a five-character SQLSTATE. */
function databaseErrorOf(error: unknown): Record<string, unknown> | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && isRecord(current); depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause;
  }
  return null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Only the stack's frames: its first lines repeat the message, which may span several. */
function framesOf(error: Record<string, unknown>): string | undefined {
  const stack = text(error.stack);
  return stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * Errors as the log keeps them. A failed statement's message carries its SQL and bound values
 * (drizzle: "Failed query: … params: …"), and every error wrapping it (tRPC's) repeats it, so a
 * database error is logged by its code, constraint, table and column only, never a message,
 * detail or parameter. Other errors keep type, message and stack.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown): LoggedError {
  if (!isRecord(error)) return { type: typeof error, message: String(error), stack: '' };
  const type = (typeof error.constructor === 'function' && error.constructor.name) || 'Error';
  const database = databaseErrorOf(error);
  if (database) {
    return {
      type,
      message: `database error ${String(database.code)}`,
      code: database.code,
      constraint: text(database.constraint) ?? text(database.constraint_name),
      table: text(database.table) ?? text(database.table_name),
      column: text(database.column) ?? text(database.column_name),
      routine: text(database.routine),
      stack: framesOf(error) ?? '',
    };
  }
  return {
    type,
    message: text(error.message) ?? '',
    code: error.code,
    stack: text(error.stack) ?? '',
    ...(error.cause === undefined ? {} : { cause: serializeError(error.cause) }),
  };
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    ...(stream ? { stream } : {}),
  };
}

const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

/** Whether `logger` writes lines of `level` ('silent' writes none). */
function writes(logger: FastifyBaseLogger, level: string): boolean {
  const threshold = levels.indexOf(logger.level);
  return threshold >= 0 && levels.indexOf(level) >= threshold;
}

/**
 * Fastify gives every request a child logger, and pino redacts a child's bindings when it is
 * made: with the wildcard paths above that was 8 % of the server's time under the money bench
 * (docs/benchmarks.md). The child is made when the request first writes a line, so at `warn` a
 * request that logs nothing costs nothing; at `info` Fastify's request lines make it at once, as
 * before.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  let child: FastifyBaseLogger | undefined;
  const made = (): FastifyBaseLogger => {
    child ??= logger.child(bindings, options);
    return child;
  };
  return new Proxy(logger, {
    get(parent, property) {
      if (child) {
        const value: unknown = Reflect.get(child, property, child);
        return typeof value === 'function' ? value.bind(child) : value;
      }
      // A level the parent does not write: its no-op, without making the child.
      if (typeof property === 'string' && levels.includes(property) && !writes(parent, property))
        return Reflect.get(parent, property);
      const value: unknown = Reflect.get(parent, property, parent);
      // Plain values (the level) are the parent's until the child exists; a method makes the
      // child when called (Fastify checks that the methods are there, which must not).
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const target = made();
        return Reflect.apply(Reflect.get(target, property), target, args);
      };
    },
    set(_parent, property, value) {
      return Reflect.set(made(), property, value);
    },
  });
};
