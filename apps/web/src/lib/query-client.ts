import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { apiErrorInfo, isUnauthorized } from './errors.ts';

/** What to do when the server says the session is gone (docs/product.md 7: 401 after one retry). */
export interface QueryClientHooks {
  onUnauthorized?: (error: unknown) => void;
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  const info = apiErrorInfo(error);
  // docs/product.md 7: a 401 is retried once; other client errors are final.
  if (info.code === 'UNAUTHORIZED') return failureCount < 1;
  if (info.httpStatus !== null && info.httpStatus < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) hooks.onUnauthorized?.(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      // Mutations are never repeated on their own: a repeated sign-in would count as another
      // failed attempt, and money moves carry their own idempotency keys.
      mutations: { retry: false },
    },
  });
}
