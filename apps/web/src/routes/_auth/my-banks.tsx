import { createFileRoute } from '@tanstack/react-router';
import { MyBanksPage } from '../../features/banks/my-banks-page.tsx';

export const Route = createFileRoute('/_auth/my-banks')({ component: MyBanksPage });
