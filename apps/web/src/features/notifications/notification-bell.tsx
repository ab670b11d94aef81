import { Box, IconButton } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuBell } from 'react-icons/lu';
import { trpc } from '../../lib/trpc.ts';
import { useLiveNotifications } from './use-live-notifications.ts';

/** The top bar's bell: how many notifications are unread, live; it opens the inbox. */
export function NotificationBell() {
  useLiveNotifications();
  const query = trpc.notifications.list.useQuery({ limit: 1 });
  const unread = query.data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <IconButton asChild variant="ghost" size="sm" aria-label={label} title={label}>
      <Link to="/notifications">
        <Box as="span" position="relative" display="inline-flex">
          <LuBell aria-hidden="true" />
          {unread > 0 ? (
            <Box
              as="span"
              aria-hidden="true"
              position="absolute"
              top="-9px"
              insetEnd="-10px"
              display="flex"
              alignItems="center"
              justifyContent="center"
              minW="18px"
              h="18px"
              px="4px"
              borderRadius="full"
              bg="red.solid"
              color="red.contrast"
              fontSize="11px"
              fontWeight="bold"
              lineHeight="1"
            >
              {unread > 99 ? '99+' : unread}
            </Box>
          ) : null}
        </Box>
      </Link>
    </IconButton>
  );
}
