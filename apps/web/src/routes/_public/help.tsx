import { createFileRoute } from '@tanstack/react-router';
import { HelpCenterPage } from '../../features/help/help-center-page.tsx';

export const Route = createFileRoute('/_public/help')({ component: HelpCenterPage });
