import {
  Box,
  Card,
  Link as ChakraLink,
  Heading,
  HStack,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import {
  LuArrowLeftRight,
  LuBuilding2,
  LuChartColumn,
  LuChartLine,
  LuCircleDot,
  LuHandCoins,
  LuListChecks,
  LuReceipt,
  LuSettings,
  LuShieldAlert,
  LuShieldCheck,
  LuTickets,
  LuTrendingUp,
  LuUser,
  LuUsers,
} from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { CardListBody } from '../../components/card-list-body.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { Panel } from './panel.tsx';

type Stats = RouterOutputs['oversight']['stats'];
type Activity = RouterOutputs['oversight']['recentActivity'][number];

const numberFormat = new Intl.NumberFormat('en-US');

/** docs/product.md 2.24's six figures, in the order an administrator scans them. */
const statCards: Array<{
  key: keyof Stats;
  label: string;
  icon: IconType;
  tone: 'brand' | 'green' | 'red' | 'orange' | 'purple' | 'teal';
  money?: boolean;
}> = [
  { key: 'totalUsers', label: 'Total Users', icon: LuUsers, tone: 'brand' },
  { key: 'openTickets', label: 'Open Tickets', icon: LuTickets, tone: 'orange' },
  { key: 'securityAlerts', label: 'Security Alerts', icon: LuShieldAlert, tone: 'red' },
  { key: 'totalTransactions', label: 'Total Transactions', icon: LuArrowLeftRight, tone: 'teal' },
  { key: 'activeLoans', label: 'Active Loans', icon: LuHandCoins, tone: 'purple' },
  {
    key: 'monthlyRevenue',
    label: 'Monthly Revenue',
    icon: LuTrendingUp,
    tone: 'green',
    money: true,
  },
];

/** Every admin screen (docs/product.md 2.2's menu names, and 2.24's analytics and security). */
const tiles: Array<{ label: string; hint: string; to: string; icon: IconType }> = [
  {
    label: 'User Management',
    hint: 'Search, block and manage users',
    to: '/admin/users',
    icon: LuUsers,
  },
  {
    label: 'Transaction Monitoring',
    hint: 'Every customer’s transactions',
    to: '/admin/transactions',
    icon: LuChartLine,
  },
  {
    label: 'Loan Management',
    hint: 'Approve or reject loans',
    to: '/admin/loans',
    icon: LuListChecks,
  },
  {
    label: 'Support Management',
    hint: 'Tickets and live chat',
    to: '/admin/support',
    icon: LuReceipt,
  },
  { label: 'All Banks', hint: 'Banks linked by customers', to: '/admin/banks', icon: LuBuilding2 },
  {
    label: 'Settings',
    hint: 'Limits, rates and maintenance',
    to: '/admin/settings',
    icon: LuSettings,
  },
  {
    label: 'Analytics',
    hint: 'Sign-ups, volumes, loans and tickets',
    to: '/admin/analytics',
    icon: LuChartColumn,
  },
  {
    label: 'Security',
    hint: 'Audit log, sessions and failed sign-ins',
    to: '/admin/security',
    icon: LuShieldCheck,
  },
];

/** A figure as its card shows it: a sum of money, or a count; nothing until the figures come. */
function figureOf(value: number | undefined, money = false) {
  if (value === undefined) return undefined;
  return money ? formatMoney(value) : numberFormat.format(value);
}

function StatsGrid() {
  const stats = trpc.oversight.stats.useQuery();
  if (stats.isError) {
    return <ErrorAlert>{errorMessage(stats.error, 'Failed to fetch stats')}</ErrorAlert>;
  }
  return (
    <SimpleGrid
      columns={{ base: 1, sm: 2, md: 3 }}
      gap={{ base: '3', md: '4' }}
      aria-busy={stats.isPending}
    >
      {statCards.map(({ key, money, ...card }) => (
        <StatCard key={key} {...card} value={figureOf(stats.data?.[key], money)} />
      ))}
    </SimpleGrid>
  );
}

function Tiles() {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
      {tiles.map((tile) => {
        const Icon = tile.icon;
        return (
          // An outlined card, as the figures above; the link's overlay makes all of it the link.
          <LinkBox asChild key={tile.to}>
            <Card.Root
              as="li"
              variant="outline"
              transition="border-color 0.15s, background 0.15s"
              _hover={{ borderColor: 'brand.solid', bg: 'bg.subtle' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
            >
              <Card.Body p="4">
                <HStack gap="3" align="flex-start">
                  <Box aria-hidden="true" color="brand.fg" pt="0.5">
                    <Icon size="20" />
                  </Box>
                  <Stack gap="0.5">
                    <LinkOverlay asChild fontWeight="semibold" _focusVisible={{ outline: 'none' }}>
                      <Link to={tile.to}>{tile.label}</Link>
                    </LinkOverlay>
                    <Text fontSize="sm" color="fg.muted">
                      {tile.hint}
                    </Text>
                  </Stack>
                </HStack>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        );
      })}
    </SimpleGrid>
  );
}

const activityIcons: Record<Activity['type'], IconType> = {
  user: LuUser,
  transaction: LuArrowLeftRight,
  other: LuCircleDot,
};

function RecentActivity() {
  const activity = trpc.oversight.recentActivity.useQuery();
  const body = (
    <CardListBody
      query={activity}
      items={(rows) => rows}
      loadingLabel="Loading recent activity"
      rowHeight="8"
      failedMessage="Failed to fetch recent activity"
      emptyText="No recent activity"
    >
      {(rows) => (
        <Stack as="ul" listStyleType="none" gap="0" aria-label="Recent activity">
          {rows.map((row) => {
            const Icon = activityIcons[row.type];
            return (
              <HStack
                as="li"
                key={row.id}
                gap="3"
                px={{ base: '3', md: '4' }}
                py="3"
                borderTopWidth="1px"
                _first={{ borderTopWidth: 0 }}
                align="flex-start"
              >
                <Box aria-hidden="true" p="1.5" borderRadius="full" bg="bg.muted" color="fg.muted">
                  <Icon size="14" />
                </Box>
                <Stack gap="0" minW="0" flex="1">
                  <Text fontSize="sm" overflowWrap="anywhere">
                    {row.description}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    <time dateTime={row.timestamp}>{formatDateTime(row.timestamp)}</time>
                  </Text>
                </Stack>
              </HStack>
            );
          })}
        </Stack>
      )}
    </CardListBody>
  );
  return (
    <Panel
      id="activity-heading"
      title="Recent Activity"
      action={
        <ChakraLink asChild fontSize="sm" color="brand.fg" variant="underline">
          <Link to="/admin/security">View the full log</Link>
        </ChakraLink>
      }
      flush
    >
      {body}
    </Panel>
  );
}

/** docs/product.md 2.24: the bank's figures, a tile to every admin screen, and recent activity. */
export function AdminDashboardPage() {
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <PageTitle title="Admin Dashboard">
        The bank at a glance: customers, money, loans and support.
      </PageTitle>
      <Stack as="section" aria-labelledby="stats-heading" gap="3">
        <Heading as="h2" id="stats-heading" srOnly>
          Bank figures
        </Heading>
        <StatsGrid />
      </Stack>
      <Stack as="nav" aria-labelledby="tiles-heading" gap="3">
        <Heading as="h2" id="tiles-heading" size="md">
          Administration
        </Heading>
        <Tiles />
      </Stack>
      <RecentActivity />
    </Stack>
  );
}
