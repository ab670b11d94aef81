import { type AnalyticsPeriod, analyticsPeriods } from '@bank/validators/enums';
import { Box, Button, ButtonGroup, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { downloadCsv } from '../../lib/download.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDay } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { Figures } from './analytics-figures.tsx';

/** docs/architecture.md 5: the bank's activity over 7, 30 or 90 days (UTC), drawn and downloadable. */
export function AnalyticsPage(props: {
  days: AnalyticsPeriod;
  onDaysChange: (days: AnalyticsPeriod) => void;
}) {
  const { days, onDaysChange } = props;
  const analytics = trpc.oversight.analytics.useQuery(
    { days },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await utils.oversight.analyticsCsv.fetch({ days }, { staleTime: 0 });
      downloadCsv(file.filename, file.csv);
    } catch (error) {
      setExportError(errorMessage(error, 'Failed to export analytics'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap={{ base: '5', md: '6' }}>
      <Flex gap="3" align="flex-end" justify="space-between" wrap="wrap">
        <Stack gap="1" minW="48" flex="1">
          <Heading as="h1" size="2xl">
            Analytics
          </Heading>
          <Text color="fg.muted">
            {analytics.data
              ? `${formatDay(analytics.data.from)} to ${formatDay(analytics.data.to)} (UTC)`
              : 'The bank’s activity by day'}
          </Text>
        </Stack>
        <Flex gap="2" wrap="wrap">
          <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Period">
            {analyticsPeriods.map((period) => (
              <Button
                key={period}
                aria-pressed={period === days}
                variant={period === days ? 'solid' : 'outline'}
                onClick={() => onDaysChange(period)}
              >
                {`${period} days`}
              </Button>
            ))}
          </ButtonGroup>
          <Button size="sm" variant="outline" onClick={() => void exportCsv()} loading={exporting}>
            <LuDownload aria-hidden="true" /> Download CSV
          </Button>
        </Flex>
      </Flex>
      {exportError ? <ErrorAlert>{exportError}</ErrorAlert> : null}
      {analytics.isError ? (
        <ErrorAlert>{errorMessage(analytics.error, 'Failed to fetch analytics')}</ErrorAlert>
      ) : !analytics.data ? (
        <Stack gap="4" role="status" aria-label="Loading analytics">
          <Skeleton height="20" />
          <Skeleton height="64" />
          <Skeleton height="64" />
        </Stack>
      ) : (
        <Box
          aria-busy={analytics.isPlaceholderData}
          opacity={analytics.isPlaceholderData ? 0.6 : 1}
        >
          <Figures data={analytics.data} />
        </Box>
      )}
    </Stack>
  );
}
