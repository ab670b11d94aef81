import { Box } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { SecureAccountPage } from '../features/auth/secure-account-page.tsx';
import { searchSchema, textParam } from '../lib/search-params.ts';

/** Outside `_public`: the owner may open the alert's link on a device that is signed in. */
export const Route = createFileRoute('/secure-account')({
  validateSearch: searchSchema({ token: textParam }),
  component: function SecureAccountRoute() {
    const { token } = Route.useSearch();
    return (
      <Box as="main" px={{ base: '4', md: '8' }} py={{ base: '6', md: '10' }}>
        <SecureAccountPage token={token} />
      </Box>
    );
  },
});
