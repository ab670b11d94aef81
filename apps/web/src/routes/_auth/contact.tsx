import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/help/contact-page.tsx';

export const Route = createFileRoute('/_auth/contact')({ component: ContactPage });
