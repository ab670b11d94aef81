import { createFileRoute } from '@tanstack/react-router';
import { MyCardsPage } from '../../features/cards/my-cards-page.tsx';

export const Route = createFileRoute('/_auth/my-cards')({ component: MyCardsPage });
