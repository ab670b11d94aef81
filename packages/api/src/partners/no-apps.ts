import type { AppAccess } from './app-access.ts';

/**
 * The AppAccess of a server without an OAuth provider: no token verifies (the app routes
 * answer 401) and no customer has granted anything (no webhook is sent).
 */
export const noAppsConnected: AppAccess = {
  async verifyAccessToken() {
    return null;
  },
  async grantedUserIds() {
    return [];
  },
};
