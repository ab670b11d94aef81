export { createDb } from './client.ts';
export type { Database, DbHandle, DbOptions, Executor, Transaction } from './handle.ts';
export { migrationsFolder } from './handle.ts';
export * as schema from './schema/index.ts';
