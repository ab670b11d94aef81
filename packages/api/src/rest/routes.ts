import { adminRestRoutes } from '../admin/rest.ts';
import { authRestRoutes } from '../auth/rest.ts';
import { devRestRoutes } from '../dev/rest.ts';
import type { RestRoute } from './define.ts';

/** Every /api/v1 path, in the order the reference lists them. */
export const restRoutes: RestRoute[] = [...authRestRoutes, ...adminRestRoutes, ...devRestRoutes];
