import { Box, Card, HStack, Skeleton, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';

/**
 * One figure with its label and icon (the customer's and the administrator's dashboards).
 * `value` undefined: still loading (a skeleton); a figure that cannot be had is '—'.
 */
export function StatCard(props: {
  label: string;
  value: string | undefined;
  icon: IconType;
  /** A colour palette: its subtle shade behind the icon, its fg shade for the icon. */
  tone: string;
}) {
  const Icon = props.icon;
  return (
    <Card.Root variant="outline">
      <Card.Body gap="2" p={{ base: '4', md: '5' }}>
        <HStack justify="space-between" align="flex-start" gap="2">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            {props.label}
          </Text>
          <Box
            aria-hidden="true"
            p="2"
            borderRadius="full"
            bg={`${props.tone}.subtle`}
            color={`${props.tone}.fg`}
          >
            <Icon size="18" />
          </Box>
        </HStack>
        {props.value === undefined ? (
          <Skeleton height="8" width="32" maxW="full" />
        ) : (
          <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
            {props.value}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
