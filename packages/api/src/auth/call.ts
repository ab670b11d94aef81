import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import type { AppDeps, RequestInfo, SessionCookieJar } from '../deps.ts';
import { linkOrigin } from '../mail/link-origin.ts';
import type { UserRow } from './dto.ts';

/** What every auth flow is called with: the application, the request and its cookie jar. */
export interface AuthCall {
  deps: AppDeps;
  request: RequestInfo;
  cookies: SessionCookieJar;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

/** A link e-mailed to the user, carrying a single-use token. */
export function emailLink(
  deps: AppDeps,
  request: RequestInfo,
  path: string,
  token: string,
): string {
  return `${linkOrigin(deps, request)}${path}?token=${encodeURIComponent(token)}`;
}
