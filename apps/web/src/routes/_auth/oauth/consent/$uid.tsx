import { createFileRoute } from '@tanstack/react-router';
import { ConsentPage } from '../../../../features/partners/consent-page.tsx';

export const Route = createFileRoute('/_auth/oauth/consent/$uid')({
  component: function ConsentRoute() {
    const { uid } = Route.useParams();
    return <ConsentPage uid={uid} />;
  },
});
