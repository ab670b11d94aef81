import { openCheckingAccount } from '@bank/api/accounts/service';
import { recordAudit } from '@bank/api/audit/service';
import { hashPassword } from '@bank/auth/password';
import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';

/** First administrator from ADMIN_EMAIL/ADMIN_PASSWORD, created verified if absent. */
export async function ensureAdmin(
  db: Executor,
  admin: { email: string; password: string } | undefined,
): Promise<'created' | 'exists' | 'not-configured'> {
  if (!admin) return 'not-configured';
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, admin.email));
  if (existing) return 'exists';
  const [created] = await db
    .insert(users)
    .values({
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      // The first name is what the dashboard greets: 'Welcome, Administrator', not 'Bank'.
      firstName: 'Administrator',
      lastName: 'Account',
      phoneNumber: '+18005550100',
      role: 'admin',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created) {
    // Administrators can do everything a customer can, so they bank here too.
    await openCheckingAccount(db, created.id);
    await recordAudit(db, { event: 'user.created_by_bootstrap', userId: created.id });
  }
  return created ? 'created' : 'exists';
}

export interface DemoUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin' | 'support';
}

/** The demo accounts `db:seed` creates (documented in the README). */
export const demoUsers: DemoUser[] = [
  {
    email: 'alice@demo.bank',
    password: 'Demo#2026pass',
    firstName: 'Alice',
    lastName: 'Johnson',
    role: 'user',
  },
  {
    email: 'bob@demo.bank',
    password: 'Demo#2026pass',
    firstName: 'Bob',
    lastName: 'Smith',
    role: 'user',
  },
  {
    email: 'admin@demo.bank',
    password: 'Demo#2026admin',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
  },
  {
    email: 'support@demo.bank',
    password: 'Demo#2026support',
    firstName: 'Sam',
    lastName: 'Support',
    role: 'support',
  },
];

export async function seedDemoUsers(db: Executor): Promise<string[]> {
  const created: string[] = [];
  for (const demo of demoUsers) {
    const [row] = await db
      .insert(users)
      .values({
        email: demo.email,
        passwordHash: await hashPassword(demo.password),
        firstName: demo.firstName,
        lastName: demo.lastName,
        phoneNumber: '+15555550123',
        dateOfBirth: '1990-04-12',
        role: demo.role,
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (row) {
      await openCheckingAccount(db, row.id);
      created.push(row.email);
    }
  }
  return created;
}
