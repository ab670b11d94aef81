import { createFileRoute } from '@tanstack/react-router';
import { MyBanksPage } from '../../features/banks/my-banks-page.tsx';
import { once, preload } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/my-banks')({
  loader: ({ context: { trpc } }) => preload(trpc.banks.list.ensureData(undefined, once)),
  component: MyBanksPage,
});
