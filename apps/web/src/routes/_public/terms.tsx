import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../../features/help/terms-page.tsx';

export const Route = createFileRoute('/_public/terms')({ component: TermsPage });
