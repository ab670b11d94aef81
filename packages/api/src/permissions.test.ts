import { describe, expect, it } from 'vitest';
import { permissions, rolesAndPermissions } from './permissions.ts';
import { appRouter } from './root.ts';

// Every procedure names who may call it where it is defined (trpc.ts's builders set it in the
// procedure's meta): a procedure built another way, with no permission, fails here.

/** The `meta` a procedure was defined with (tRPC keeps it on `_def`). */
function metaOf(procedure: unknown): Record<string, unknown> {
  if ((typeof procedure !== 'function' && typeof procedure !== 'object') || procedure === null)
    return {};
  const def: unknown = '_def' in procedure ? procedure._def : undefined;
  if (typeof def !== 'object' || def === null || !('meta' in def)) return {};
  const meta: unknown = def.meta;
  return typeof meta === 'object' && meta !== null ? { ...meta } : {};
}

const procedures = Object.entries(appRouter._def.procedures).map(([path, procedure]) => ({
  path,
  meta: metaOf(procedure),
}));

describe('every procedure names its permission', () => {
  it('walks the whole router', () => {
    expect(procedures.length).toBeGreaterThan(80);
  });

  it('names a permission of the table, or says it is open to anyone', () => {
    const known = new Set<unknown>([...Object.keys(permissions), 'anyone']);
    const unnamed = procedures.filter(({ meta }) => !known.has(meta.permission));
    expect(unnamed.map(({ path }) => path)).toEqual([]);
  });

  it('writes permissions as action:entity:own|any', () => {
    const named = new Set(procedures.map(({ meta }) => meta.permission));
    named.delete('anyone');
    for (const permission of named) {
      expect(permission).toMatch(/^(create|read|update|delete):[a-z-]+:(own|any)$/);
    }
  });

  it('keeps open during maintenance only what must stay open', () => {
    const open = procedures.filter(({ meta }) => meta.duringMaintenance === true);
    expect(open.map(({ path }) => path).sort()).toEqual([
      'auth.login',
      'auth.logout',
      'auth.me',
      'dev.mailbox',
      'events.onEvent',
      'settings.public',
    ]);
  });

  it('answers the same table on GET /roles', () => {
    const { roles, permissions: names } = rolesAndPermissions();
    expect(names).toEqual(Object.keys(permissions));
    const admin = roles.find((role) => role.name === 'admin');
    expect(admin?.permissions).toEqual(names);
  });
});
