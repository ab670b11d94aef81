import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/help/privacy-page.tsx';

export const Route = createFileRoute('/_public/privacy')({ component: PrivacyPage });
