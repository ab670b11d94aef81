import {
  Link as ChakraLink,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import { LuBriefcase, LuHouse, LuUser } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { TileCard } from '../../components/tile-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Product = RouterOutputs['loans']['types']['loanTypes'][number];

/** docs/product.md 9: the three product tiles; their figures come from the server's product table. */
const tiles: Array<{ type: 'personal' | 'business' | 'mortgage'; icon: IconType; blurb: string }> =
  [
    { type: 'personal', icon: LuUser, blurb: 'For life’s plans: a car, a wedding, a renovation.' },
    {
      type: 'business',
      icon: LuBriefcase,
      blurb: 'Working capital and equipment for your business.',
    },
    { type: 'mortgage', icon: LuHouse, blurb: 'Buy a home with a fixed rate for the whole term.' },
  ];

function amountRange(product: Product) {
  return `${formatMoney(product.minAmount).replace('.00', '')} to ${formatMoney(product.maxAmount).replace('.00', '')}`;
}

/** What a tile lists about its product. */
function figuresOf(product: Product) {
  return [
    { label: 'Amount', value: amountRange(product) },
    { label: 'Rate', value: `${product.interestRate}%` },
    { label: 'Term', value: `${product.minTerm} to ${product.maxTerm} months` },
  ];
}

function ProductTile({
  product,
  icon: Icon,
  blurb,
}: {
  product: Product;
  icon: IconType;
  blurb: string;
}) {
  return (
    <TileCard>
      <HStack gap="3">
        <Stack
          aria-hidden="true"
          p="2"
          borderRadius="full"
          bg="brand.subtle"
          color="brand.fg"
          align="center"
        >
          <Icon size="20" />
        </Stack>
        <Heading as="h3" size="md">
          {product.name}
        </Heading>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {blurb}
      </Text>
      <Stack as="dl" gap="1" fontSize="sm" m="0">
        {figuresOf(product).map((figure) => (
          <HStack key={figure.label} justify="space-between">
            <Text as="dt" color="fg.muted">
              {figure.label}
            </Text>
            <Text as="dd" m="0" fontWeight="medium">
              {figure.value}
            </Text>
          </HStack>
        ))}
      </Stack>
      <ChakraLink asChild color="brand.fg" fontWeight="semibold" fontSize="sm" mt="auto">
        <Link to="/loans/apply" search={{ type: product.type }}>
          {`Apply for a ${product.name.toLowerCase()}`}
        </Link>
      </ChakraLink>
    </TileCard>
  );
}

export function LoanProducts() {
  const types = trpc.loans.types.useQuery();
  if (types.isError) {
    return <ErrorAlert>{errorMessage(types.error, 'Failed to fetch loan products')}</ErrorAlert>;
  }
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="4" m="0" p="0" aria-label="Loan products">
      {tiles.map((tile) => {
        const product = types.data?.loanTypes.find((candidate) => candidate.type === tile.type);
        return product ? (
          <ProductTile key={tile.type} product={product} icon={tile.icon} blurb={tile.blurb} />
        ) : (
          <Skeleton as="li" key={tile.type} height="56" borderRadius="l3" />
        );
      })}
    </SimpleGrid>
  );
}
