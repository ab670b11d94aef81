import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { IconType } from 'react-icons';
import {
  LuArrowDownLeft,
  LuArrowUpRight,
  LuHandCoins,
  LuLifeBuoy,
  LuShieldAlert,
  LuWrench,
} from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { EmptyList, ListSpinner } from '../../components/list-states.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useLiveNotifications } from './use-live-notifications.ts';

type Notice = RouterOutputs['notifications']['list']['data'][number];

const PAGE = 30;

const icons: Record<Notice['type'], { icon: IconType; palette: string; label: string }> = {
  money_in: { icon: LuArrowDownLeft, palette: 'green', label: 'Money in' },
  money_out: { icon: LuArrowUpRight, palette: 'blue', label: 'Money out' },
  loan: { icon: LuHandCoins, palette: 'purple', label: 'Loan' },
  support: { icon: LuLifeBuoy, palette: 'teal', label: 'Support' },
  maintenance: { icon: LuWrench, palette: 'orange', label: 'Maintenance' },
  security: { icon: LuShieldAlert, palette: 'red', label: 'Security' },
};

function useMarkRead() {
  const utils = trpc.useUtils();
  const mark = trpc.notifications.markRead.useMutation({
    onSuccess: () => utils.notifications.list.invalidate(),
    onError: (error) =>
      notify({ type: 'error', message: errorMessage(error, 'Failed to mark as read') }),
  });
  return mark;
}

function NoticeRow({ notice }: { notice: Notice }) {
  const mark = useMarkRead();
  const kind = icons[notice.type];
  const Icon = kind.icon;
  const markThis = () => {
    if (!notice.read) mark.mutate({ ids: [notice.id] });
  };
  return (
    <Flex
      as="li"
      listStyleType="none"
      gap="3"
      p={{ base: '3', md: '4' }}
      borderBottomWidth="1px"
      bg={notice.read ? undefined : 'brand.subtle/40'}
      align="flex-start"
    >
      <Box
        aria-hidden="true"
        p="2"
        borderRadius="full"
        bg={`${kind.palette}.subtle`}
        color={`${kind.palette}.fg`}
        flexShrink="0"
      >
        <Icon />
      </Box>
      <Stack gap="0.5" flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          {notice.link ? (
            <Link to={notice.link} onClick={markThis}>
              <Text
                as="span"
                fontWeight={notice.read ? 'medium' : 'bold'}
                _hover={{ textDecoration: 'underline' }}
              >
                {notice.title}
              </Text>
            </Link>
          ) : (
            <Text as="span" fontWeight={notice.read ? 'medium' : 'bold'}>
              {notice.title}
            </Text>
          )}
          {notice.read ? null : (
            <Badge colorPalette="red" variant="solid" size="sm">
              New
            </Badge>
          )}
        </HStack>
        {notice.message ? (
          <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
            {notice.message}
          </Text>
        ) : null}
        <Text color="fg.muted" fontSize="xs">
          {kind.label} · {formatDateTime(notice.createdAt)}
        </Text>
      </Stack>
      {notice.read ? null : (
        <Button
          size="xs"
          variant="ghost"
          onClick={markThis}
          loading={mark.isPending}
          aria-label={`Mark as read: ${notice.title}`}
        >
          Mark as read
        </Button>
      )}
    </Flex>
  );
}

/** One page of the inbox; the last one offers the next. */
function NoticePage(props: {
  before: string | undefined;
  last: boolean;
  onMore: (before: string) => void;
}) {
  const query = trpc.notifications.list.useQuery({ limit: PAGE, before: props.before });
  if (query.isError) {
    return <ErrorAlert>{errorMessage(query.error, 'Failed to load notifications')}</ErrorAlert>;
  }
  if (query.isPending) return <ListSpinner label="Loading notifications" />;
  const { data } = query.data;
  if (data.length === 0 && props.before === undefined) {
    return (
      <EmptyList
        title="No notifications yet"
        hint="Money in and out, loan decisions, support replies and security alerts appear here."
      />
    );
  }
  const oldest = data.at(-1);
  return (
    <>
      <Box as="ul" m="0" p="0" aria-label="Your notifications">
        {data.map((notice) => (
          <NoticeRow key={notice.id} notice={notice} />
        ))}
      </Box>
      {props.last && oldest && data.length === PAGE ? (
        <Button variant="outline" alignSelf="center" m="4" onClick={() => props.onMore(oldest.id)}>
          Show older
        </Button>
      ) : null}
    </>
  );
}

/** /notifications: everything the customer was told, newest first; mark one or all read. */
export function NotificationsPage() {
  useLiveNotifications();
  const summary = trpc.notifications.list.useQuery({ limit: PAGE });
  const mark = useMarkRead();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const unread = summary.data?.unread ?? 0;
  return (
    <Stack gap="6">
      <Flex gap="3" align="flex-end" justify="space-between" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Notifications
          </Heading>
          <Text color="fg.muted" aria-live="polite">
            {unread === 0 ? 'You are all caught up.' : `${unread} unread`}
          </Text>
        </Stack>
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0}
          loading={mark.isPending}
          onClick={() => mark.mutate({ all: true })}
        >
          Mark all as read
        </Button>
      </Flex>
      <Box borderWidth="1px" borderRadius="l3" overflow="hidden" bg="bg.panel">
        <Stack gap="0">
          {cursors.map((before, index) => (
            <NoticePage
              key={before ?? 'newest'}
              before={before}
              last={index === cursors.length - 1}
              onMore={(next) => setCursors((all) => [...all, next])}
            />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
