import { useRouterState } from '@tanstack/react-router';

/** Values the previous page handed over in history state (e-mail, success message). */
export function useLocationState(): { email?: string; message?: string } {
  const state = useRouterState({ select: (routerState) => routerState.location.state });
  return {
    email: typeof state.email === 'string' ? state.email : undefined,
    message: typeof state.message === 'string' ? state.message : undefined,
  };
}
