import { Box, Card, Grid, Skeleton, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';

/**
 * One figure with its label and icon (the customer's and the administrator's dashboards).
 * `value` undefined: still loading (a skeleton); a figure that cannot be had is '—'.
 * On a phone it is one line (icon, label, figure), so the cards stacked there leave the page's
 * next section in view; wider, the figure stands large below its label.
 */
export function StatCard(props: {
  label: string;
  value: string | undefined;
  icon: IconType;
  /** A colour palette: its subtle shade behind the icon, its fg shade for the icon. */
  tone: string;
  /** A line under the figure, such as the figure it compares with ('Last month $1,200.00'). */
  note?: string | undefined;
}) {
  const Icon = props.icon;
  return (
    <Card.Root variant="outline">
      <Card.Body p={{ base: '3', md: '5' }}>
        <Grid
          templateColumns={{ base: 'auto 1fr auto', sm: '1fr auto' }}
          templateAreas={{ base: '"icon label value"', sm: '"label icon" "value value"' }}
          alignItems="center"
          columnGap="3"
          rowGap="2"
        >
          <Text gridArea="label" fontSize="sm" color="fg.muted" fontWeight="medium">
            {props.label}
          </Text>
          <Box
            gridArea="icon"
            aria-hidden="true"
            p="2"
            borderRadius="full"
            bg={`${props.tone}.subtle`}
            color={`${props.tone}.fg`}
            alignSelf={{ base: 'center', sm: 'flex-start' }}
          >
            <Icon size="18" />
          </Box>
          <Box gridArea="value" textAlign={{ base: 'end', sm: 'start' }}>
            {props.value === undefined ? (
              <Skeleton height="8" width={{ base: '20', sm: '32' }} maxW="full" />
            ) : (
              <Text
                fontSize={{ base: 'lg', sm: '2xl' }}
                fontWeight="bold"
                fontVariantNumeric="tabular-nums"
                whiteSpace="nowrap"
              >
                {props.value}
              </Text>
            )}
            {props.note && props.value !== undefined ? (
              <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                {props.note}
              </Text>
            ) : null}
          </Box>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}
