import { userRoles } from '@bank/db/enums';
import type { UserRole } from './auth/dto.ts';

const everyone = ['user', 'admin', 'support'] as const satisfies readonly UserRole[];
const administrators = ['admin'] as const satisfies readonly UserRole[];
const staff = ['admin', 'support'] as const satisfies readonly UserRole[];

/**
 * Who may call what: the one place role checks live (STYLE.md 6, 18). Names are
 * `action:entity:own|any`, as Epic Stack's `permissions.server.ts`: `own` is the caller's own
 * (another customer's id answers not found), `any` is every customer's. Every procedure names
 * one (trpc.ts), and GET /roles answers this table.
 */
export const permissions = {
  // The areas the REST adapter refuses early, before it reads the body (rest/define.ts).
  'admin:access': administrators,
  'staff:support': staff,

  // The caller's own session, profile and security.
  'update:session:own': everyone,
  'delete:session:own': everyone,
  'update:profile:own': everyone,
  'update:password:own': everyone,
  'update:two-factor:own': everyone,
  'read:event:own': everyone,
  'read:audit:own': everyone,
  'read:notification:own': everyone,
  'update:notification:own': everyone,

  // Money: the caller's own account, cards and linked banks.
  'read:account:own': everyone,
  'read:transaction:own': everyone,
  'create:transaction:own': everyone,
  // Filing one's own movements under spending categories (an annotation, not money).
  'update:transaction:own': everyone,
  'read:card:own': everyone,
  'create:card:own': everyone,
  'update:card:own': everyone,
  'delete:card:own': everyone,
  'read:bank:own': everyone,
  'create:bank:own': everyone,
  'update:bank:own': everyone,
  'delete:bank:own': everyone,
  'read:payee:own': everyone,
  'create:payee:own': everyone,
  'update:payee:own': everyone,
  'delete:payee:own': everyone,
  'read:statement:own': everyone,
  // Scheduled and recurring transfers to the customer's payees; staff see and cancel them.
  'read:scheduled-transfer:own': everyone,
  'create:scheduled-transfer:own': everyone,
  'update:scheduled-transfer:own': everyone,
  'delete:scheduled-transfer:own': everyone,
  // Third-party apps the customer let in (OAuth consents).
  'read:connected-app:own': everyone,
  'delete:connected-app:own': everyone,

  // Loans: the bank's terms for anyone signed in, the caller's own applications.
  'read:loan-terms:any': everyone,
  'read:loan:own': everyone,
  'create:loan:own': everyone,
  'update:loan:own': everyone,

  // Support tickets (docs/product.md 2.21-2.23, 2.28): customers their own, staff every ticket.
  'create:ticket:own': everyone,
  'read:ticket:own': everyone,
  'read:ticket:any': staff,
  'update:ticket:any': staff,

  // Disputes ('Report a problem'): customers open and withdraw their own; staff work the queue
  // (support credits provisionally, as administrators do).
  'create:dispute:own': everyone,
  'read:dispute:own': everyone,
  'update:dispute:own': everyone,
  'read:dispute:any': staff,
  'update:dispute:any': staff,

  // The bank's administration (docs/product.md 6: admin-only calls).
  'read:transaction:any': administrators,
  // Reversals and voids (docs/product.md, Bank operations); above the bank's amount, four eyes.
  'update:transaction:any': administrators,
  // The four-eyes queue: requests another administrator made, to approve or reject.
  'read:approval:any': administrators,
  'update:approval:any': administrators,
  'read:bank:any': administrators,
  'read:loan:any': administrators,
  'update:loan:any': administrators,
  'read:user:any': administrators,
  'create:user:any': administrators,
  'update:user:any': administrators,
  'delete:user:any': administrators,
  'read:role:any': administrators,
  'read:session:any': administrators,
  'delete:session:any': administrators,
  'read:audit-log:any': administrators,
  'read:report:any': administrators,
  'read:settings:any': administrators,
  // Freezes and holds on customers' accounts: administrators set them, customers
  // read their own.
  'read:account-restriction:any': administrators,
  'update:account-restriction:any': administrators,
  'read:account-restriction:own': everyone,
  'update:settings:any': administrators,
  'read:scheduled-transfer:any': administrators,
  'delete:scheduled-transfer:any': administrators,
  // Apps' webhook subscriptions and their delivery logs (the apps manage their own over OAuth).
  'read:webhook:any': administrators,
  'update:webhook:any': administrators,
  // Third-party apps (OAuth clients): registered, rotated and disabled by administrators.
  'read:app:any': administrators,
  'create:app:any': administrators,
  'update:app:any': administrators,
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
