import type { RouterOutputs, TrpcUtils } from './trpc.ts';
import { trpc } from './trpc.ts';

export type Session = RouterOutputs['auth']['me'];
export type SessionUser = NonNullable<Session['user']>;

export const signedOut: Session = { user: null, twoFactorRequired: false };

/**
 * Session initialisation (docs/product.md 4): asks the server once, then keeps the answer until a
 * sign-in, sign-out or profile change replaces it. A failed initialisation is signed-out.
 */
export async function loadSession(utils: TrpcUtils): Promise<Session> {
  try {
    return await utils.auth.me.ensureData(undefined, { staleTime: Number.POSITIVE_INFINITY });
  } catch {
    utils.auth.me.setData(undefined, signedOut);
    return signedOut;
  }
}

/** Signed in, e-mail verified and past the second factor: may see the authenticated pages. */
export function isFullySignedIn(session: Session): session is Session & { user: SessionUser } {
  return (
    session.user !== null &&
    !session.twoFactorRequired &&
    !(session.user.emailVerificationRequired && !session.user.isEmailVerified)
  );
}

export type GuardRedirect =
  | { to: '/login'; redirect: string }
  | { to: '/' }
  | { to: '/admin/support' }
  | { to: '/verify-email' }
  | { to: '/2fa-verification' };

/** Paths that only administrators may open (docs/product.md 2.1 and 6). */
export function requiresAdmin(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * The support role's pages (README, roles): the support screens of the admin area and its own
 * profile. The server refuses it everything else of the admin area as well.
 */
export function supportRoleMayOpen(pathname: string): boolean {
  return ['/admin/support', '/admin/disputes', '/profile'].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** docs/product.md 4's guard order for a protected page; null means show the page. */
export function guardProtectedPage(
  session: Session,
  href: string,
  pathname: string,
): GuardRedirect | null {
  const { user } = session;
  if (!user) return { to: '/login', redirect: href };
  if (user.role === 'support') {
    if (!supportRoleMayOpen(pathname)) return { to: '/admin/support' };
  } else if (requiresAdmin(pathname) && user.role !== 'admin') return { to: '/' };
  if (user.emailVerificationRequired && !user.isEmailVerified) return { to: '/verify-email' };
  if (session.twoFactorRequired) return { to: '/2fa-verification' };
  return null;
}

/** Only same-site paths may be a post-sign-in destination (no open redirect). */
export function safeRedirect(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  return value;
}

/** The current session inside components; the router has loaded it before any page renders. */
export function useSession(): Session {
  const { data } = trpc.auth.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  return data ?? signedOut;
}

/** The signed-in user on authenticated pages (the `_auth` guard guarantees one). */
export function useCurrentUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
