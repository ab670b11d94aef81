import { userRoles } from '@bank/db/enums';
import type { UserRole } from './auth/dto.ts';

/** Who may call what: the one place role checks live (STYLE.md 6). */
export const permissions = {
  'admin:access': ['admin'],
  'staff:support': ['admin', 'support'],
  // Support tickets (SPEC.md 2.21-2.23, 2.28): customers their own, staff every ticket.
  'create:ticket:own': ['user', 'admin', 'support'],
  'read:ticket:own': ['user', 'admin', 'support'],
  'read:ticket:any': ['admin', 'support'],
  'update:ticket:any': ['admin', 'support'],
} as const satisfies Record<string, readonly UserRole[]>;

export type Permission = keyof typeof permissions;

export function can(role: UserRole, permission: Permission): boolean {
  const allowed: readonly UserRole[] = permissions[permission];
  return allowed.includes(role);
}

/** GET /roles: every role with the permissions it holds, read from the table above. */
export function rolesAndPermissions() {
  const names = Object.keys(permissions).filter((name): name is Permission => name in permissions);
  return {
    roles: userRoles.map((role) => ({
      name: role,
      permissions: names.filter((permission) => can(role, permission)),
    })),
    permissions: names,
  };
}
