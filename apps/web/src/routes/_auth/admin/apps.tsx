import { createFileRoute } from '@tanstack/react-router';
import { AppsPage } from '../../../features/admin/apps-page.tsx';
import { once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/admin/apps')({
  loader: ({ context: { trpc } }) => preload(trpc.partners.listApps.ensureData(undefined, once)),
  component: AppsPage,
});
