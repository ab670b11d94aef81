import { createFileRoute } from '@tanstack/react-router';
import { MyCardsPage } from '../../features/cards/my-cards-page.tsx';
import { firstPage, once, preload } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/my-cards')({
  loader: ({ context: { trpc } }) => preload(trpc.cards.list.ensureData(firstPage, once)),
  component: MyCardsPage,
});
