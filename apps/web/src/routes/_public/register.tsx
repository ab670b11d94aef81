import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../../features/auth/register-page.tsx';

export const Route = createFileRoute('/_public/register')({ component: RegisterPage });
