import {
  Card,
  Link as ChakraLink,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import {
  LuArrowDownToLine,
  LuArrowUpFromLine,
  LuHistory,
  LuSend,
  LuTrendingDown,
  LuTrendingUp,
  LuWallet,
} from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { CardListBody } from '../../components/card-list-body.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { TransactionList } from '../../components/transaction-list.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { recentTransactions } from '../../lib/page-data.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import { AccountDetailsButton } from './account-details.tsx';
import { AccountRestrictions } from './account-restrictions.tsx';
import { IncomeExpenseChart } from './income-expense-chart.tsx';
import { SpendingByCategory } from './spending-by-category.tsx';
import { TitledCard } from './titled-card.tsx';
import { UpcomingPayments } from './upcoming-payments.tsx';

const quickLinks = [
  { label: 'Transfer Money', to: '/transfer', icon: LuSend },
  { label: 'Deposit Funds', to: '/deposit', icon: LuArrowDownToLine },
  { label: 'Withdraw', to: '/withdraw', icon: LuArrowUpFromLine },
  { label: 'Transaction History', to: '/transactions', icon: LuHistory },
] as const;

/** The month's two figures after the balance: money in, money out. */
const monthFigures = [
  { key: 'income', label: 'Income this month', icon: LuTrendingUp, tone: 'green' },
  { key: 'expenses', label: 'Expenses this month', icon: LuTrendingDown, tone: 'red' },
] as const;

function RecentTransactions() {
  const recent = trpc.transactions.list.useQuery(recentTransactions);
  const body = (
    <CardListBody
      query={recent}
      items={(page) => page.data}
      loadingLabel="Loading recent transactions"
      rowHeight="10"
      failedMessage="Failed to fetch transactions"
      emptyText="No recent transactions"
    >
      {(transactions) => (
        <TransactionList transactions={transactions} label="Recent transactions" />
      )}
    </CardListBody>
  );
  return (
    <Card.Root as="section" aria-labelledby="recent-heading" variant="outline">
      <Card.Header
        flexDirection="row"
        justifyContent="space-between"
        alignItems="center"
        pb="2"
        px={{ base: '4', md: '5' }}
      >
        <Heading as="h2" id="recent-heading" size="md">
          Recent Transactions
        </Heading>
        <ChakraLink asChild color="brand.fg" fontWeight="medium" fontSize="sm">
          <Link to="/transactions">View all</Link>
        </ChakraLink>
      </Card.Header>
      <Card.Body p="2" pt="0">
        {body}
      </Card.Body>
    </Card.Root>
  );
}

function MonthlyChart() {
  const stats = trpc.transactions.stats.useQuery();
  return (
    <TitledCard
      headingId="chart-heading"
      title="Income and Expenses"
      note="The last 12 months"
      bodyPaddingX="3"
    >
      {stats.isPending ? (
        <Skeleton height="60" />
      ) : stats.isError ? (
        <ErrorAlert>{errorMessage(stats.error, 'Failed to fetch stats')}</ErrorAlert>
      ) : (
        <IncomeExpenseChart data={stats.data.monthlyStats} />
      )}
    </TitledCard>
  );
}

/**
 * docs/product.md 2.9: greeting, balance and totals, quick links, recent transactions, spending
 * by category, a chart.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const stats = trpc.transactions.stats.useQuery();
  const balance = trpc.transactions.balance.useQuery();
  // Loading: undefined (a skeleton); failed: '—' beside the error.
  const figure = (cents: number | undefined) =>
    stats.isPending ? undefined : cents === undefined ? '—' : formatMoney(cents);
  const lastMonthNote = (amount: number | undefined) =>
    amount === undefined ? undefined : `Last month ${formatMoney(amount)}`;
  // The session user may come from the sign-in answer, which need not carry the account.
  const accountNumber = balance.data?.accountNumber ?? user.accountNumber;
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Welcome, {user.firstName}
        </Heading>
        {accountNumber ? (
          <HStack gap="1" color="fg.muted" fontSize="sm" flexWrap="wrap">
            <Text>Account number</Text>
            <Text as="span" fontFamily="mono" color="fg" fontWeight="medium">
              {accountNumber}
            </Text>
            <CopyButton
              value={accountNumber}
              label="Copy account number"
              successMessage="Account number copied to clipboard"
            />
            <AccountDetailsButton />
          </HStack>
        ) : null}
      </Stack>

      <AccountRestrictions />

      <Stack as="section" aria-labelledby="summary-heading" gap="3">
        <Heading as="h2" id="summary-heading" srOnly>
          Account summary
        </Heading>
        {stats.isError ? (
          <ErrorAlert>{errorMessage(stats.error, 'Failed to fetch stats')}</ErrorAlert>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap={{ base: '2', sm: '4' }}>
          <StatCard
            label="Available Balance"
            value={figure(stats.data?.balance)}
            icon={LuWallet}
            tone="brand"
          />
          {/* This month's (the bank's months), beside last month's: loan proceeds, repaid
              principal and moves between own accounts count as neither (docs/product.md 2.9). */}
          {monthFigures.map(({ key, label, icon, tone }) => (
            <StatCard
              key={key}
              label={label}
              value={figure(stats.data?.thisMonth[key])}
              note={lastMonthNote(stats.data?.lastMonth[key])}
              icon={icon}
              tone={tone}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <Stack as="section" aria-labelledby="quick-links-heading" gap="3">
        <Heading as="h2" id="quick-links-heading" size="md">
          Quick links
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {quickLinks.map(({ label, to, icon: Icon }) => (
            <ChakraLink
              asChild
              key={to}
              display="flex"
              flexDirection="column"
              alignItems="center"
              gap="2"
              p="4"
              borderWidth="1px"
              borderRadius="l3"
              textAlign="center"
              fontWeight="medium"
              _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
            >
              <Link to={to}>
                <Icon size="24" aria-hidden="true" />
                {label}
              </Link>
            </ChakraLink>
          ))}
        </SimpleGrid>
      </Stack>

      <UpcomingPayments />

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <RecentTransactions />
        <SpendingByCategory />
      </SimpleGrid>
      <MonthlyChart />
    </Stack>
  );
}
