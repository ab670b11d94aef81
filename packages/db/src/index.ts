export type { Database, DbHandle, DbOptions, Executor, Transaction } from './client.ts';
export { createDb, migrationsFolder } from './client.ts';
export * as schema from './schema/index.ts';
