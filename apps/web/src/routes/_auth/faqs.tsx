import { createFileRoute } from '@tanstack/react-router';
import { FaqsPage } from '../../features/help/faqs-page.tsx';

export const Route = createFileRoute('/_auth/faqs')({ component: FaqsPage });
