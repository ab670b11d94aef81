import { Avatar, Box, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import { initials } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session.ts';
import {
  adminNavigation,
  isActive,
  isGroup,
  isWithin,
  type NavGroup,
  type NavLink,
  supportNavigation,
  userNavigation,
} from './navigation.ts';

const itemStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  textDecoration: 'none',
  _hover: { bg: 'bg.muted', color: 'fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' },
} as const;

function NavItem({ link, onNavigate }: { link: NavLink; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = isActive(pathname, link);
  const Icon = link.icon;
  return (
    <Box as="li" listStyleType="none">
      <Box
        asChild
        {...itemStyles}
        {...(active ? { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' } : {})}
      >
        <Link to={link.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
          <Icon aria-hidden="true" />
          {link.label}
        </Link>
      </Box>
    </Box>
  );
}

function NavGroupItem({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const inside = group.paths.some((prefix) => isWithin(pathname, prefix));
  const [open, setOpen] = useState(inside);
  const listId = useId();
  // A group opens by itself when the current page is inside it (docs/product.md 2.2).
  useEffect(() => {
    if (inside) setOpen(true);
  }, [inside]);
  const Icon = group.icon;
  const ownPageActive = group.to ? pathname === group.to : false;
  return (
    <Box as="li" listStyleType="none">
      {group.to ? (
        <HStack gap="0">
          <Box
            asChild
            {...itemStyles}
            {...(ownPageActive ? { bg: 'brand.subtle', color: 'brand.fg' } : {})}
            fontWeight="semibold"
          >
            <Link
              to={group.to}
              aria-current={ownPageActive ? 'page' : undefined}
              onClick={onNavigate}
            >
              <Icon aria-hidden="true" />
              {group.label}
            </Link>
          </Box>
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={`${open ? 'Collapse' : 'Expand'} ${group.label}`}
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <LuChevronDown /> : <LuChevronRight />}
          </IconButton>
        </HStack>
      ) : (
        <Box
          as="button"
          {...itemStyles}
          fontWeight="semibold"
          cursor="pointer"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon aria-hidden="true" />
          <Box as="span" flex="1" textAlign="start">
            {group.label}
          </Box>
          {open ? <LuChevronDown aria-hidden="true" /> : <LuChevronRight aria-hidden="true" />}
        </Box>
      )}
      {open ? (
        <Stack as="ul" id={listId} gap="0.5" ps="5" mt="0.5" m="0">
          {group.children.map((child) => (
            <NavItem key={child.to} link={child} onNavigate={onNavigate} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/** docs/product.md 2.2: the user menu for everyone, the admin menu for administrators only. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const isSupport = user.role === 'support';
  const staffLinks = isAdmin ? adminNavigation : isSupport ? supportNavigation : [];
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Flex as="nav" aria-label="Main navigation" direction="column" h="full">
      <Box flex="1" overflowY="auto" px="3" py="4">
        {isSupport ? null : (
          <Stack as="ul" gap="0.5" m="0" p="0">
            {userNavigation.map((entry) =>
              isGroup(entry) ? (
                <NavGroupItem key={entry.label} group={entry} onNavigate={onNavigate} />
              ) : (
                <NavItem key={entry.to} link={entry} onNavigate={onNavigate} />
              ),
            )}
          </Stack>
        )}
        {staffLinks.length > 0 ? (
          <Box mt={isSupport ? '0' : '6'}>
            <Text
              id="admin-menu-heading"
              px="3"
              pb="2"
              fontSize="xs"
              fontWeight="bold"
              textTransform="uppercase"
              letterSpacing="wider"
              color="fg.muted"
            >
              {isSupport ? 'Support' : 'Admin'}
            </Text>
            <Stack as="ul" gap="0.5" m="0" p="0" aria-labelledby="admin-menu-heading">
              {staffLinks.map((link) => (
                <NavItem key={link.to} link={link} onNavigate={onNavigate} />
              ))}
            </Stack>
          </Box>
        ) : null}
      </Box>
      <HStack borderTopWidth="1px" px="4" py="3" gap="3">
        <Avatar.Root size="sm" colorPalette="brand">
          <Avatar.Fallback>{initials(user.firstName, user.lastName)}</Avatar.Fallback>
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontSize="sm" fontWeight="medium" truncate>
            {fullName}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {isAdmin ? 'Administrator' : isSupport ? 'Support Agent' : 'Customer'}
          </Text>
        </Stack>
      </HStack>
    </Flex>
  );
}
