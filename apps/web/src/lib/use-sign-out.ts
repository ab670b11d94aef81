import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { signedOut } from './session.ts';
import { trpc } from './trpc.ts';

function isSessionQuery(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && path[0] === 'auth' && path[1] === 'me';
}

/** Signs out on the server, forgets everything cached for this user, and goes to sign-in. */
export function useSignOut() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation();
  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The session may already be gone on the server; sign out here all the same.
    }
    queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
    utils.auth.me.setData(undefined, signedOut);
    await navigate({ to: '/login' });
  };
  return { signOut, isPending: logout.isPending };
}
