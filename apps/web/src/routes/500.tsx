import { createFileRoute } from '@tanstack/react-router';
import { ServerErrorPage } from '../features/errors/server-error-page.tsx';

export const Route = createFileRoute('/500')({ component: () => <ServerErrorPage /> });
