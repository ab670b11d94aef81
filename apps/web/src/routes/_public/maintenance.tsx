import { createFileRoute } from '@tanstack/react-router';
import { MaintenanceNotice } from '../../features/maintenance/maintenance-notice.tsx';

/** Where the maintenance notice's 'Learn More' leads. */
export const Route = createFileRoute('/_public/maintenance')({ component: MaintenanceNotice });
