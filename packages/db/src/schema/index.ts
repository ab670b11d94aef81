export * from './audit.ts';
export * from './events.ts';
export * from './loans.ts';
export * from './money.ts';
export * from './outbox.ts';
export * from './settings.ts';
export * from './support.ts';
export * from './users.ts';
