import type { FileRoutesByFullPath } from '../routeTree.gen.ts';

const BANK = 'Horizon Bank';

/** A route's full path without the trailing slash index routes carry ('/loans/' is '/loans'). */
type PagePath = keyof FileRoutesByFullPath extends infer P
  ? P extends `${infer Base}/`
    ? Base extends ''
      ? '/'
      : Base
    : P
  : never;

/**
 * The document title of every page ('Transactions · Horizon Bank'), by route path: one table
 * rather than a `head` in each route file. A page missing here gets the bank's name alone, and
 * lib.test.ts names it.
 */
export const pageTitles: Partial<Record<PagePath, string>> = {
  '/': 'Dashboard',
  '/404': 'Page Not Found',
  '/500': 'Server Error',
  '/login': 'Sign In',
  '/register': 'Create Account',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/set-password': 'Set Password',
  '/verify-email': 'Verify Email',
  '/2fa-verification': 'Two-Factor Verification',
  '/secure-account': 'Secure Your Account',
  '/help': 'Help Center',
  '/faqs': 'FAQs',
  '/contact': 'Contact Us',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/maintenance': 'Maintenance',
  '/dev/mailbox': 'Development Mailbox',
  '/transactions': 'Transactions',
  '/transactions/$id': 'Transaction Details',
  '/transfer': 'Transfer Money',
  '/deposit': 'Deposit',
  '/withdraw': 'Withdraw',
  '/payees': 'Payees',
  '/transfers/scheduled': 'Scheduled Transfers',
  '/transfers/scheduled/new': 'Schedule a Transfer',
  '/transfers/scheduled/$id': 'Scheduled Transfer',
  '/my-cards': 'My Cards',
  '/my-banks': 'My Banks',
  '/statements': 'Statements',
  '/notifications': 'Notifications',
  '/profile': 'Profile',
  '/loans': 'My Loans',
  '/loans/apply': 'Apply for Loan',
  '/loans/$id': 'Loan Details',
  '/support': 'Support Tickets',
  '/disputes': 'My Disputes',
  '/support/create': 'Create Ticket',
  '/support/$id': 'Support Ticket',
  '/admin': 'Admin Dashboard',
  '/admin/users': 'User Management',
  '/admin/users/$userId': 'User Details',
  '/admin/transactions': 'Transaction Monitoring',
  '/admin/approvals': 'Approvals',
  '/admin/webhooks': 'Webhooks',
  '/admin/loans': 'Loan Management',
  '/admin/banks': 'All Banks',
  '/admin/apps': 'Apps',
  '/oauth/consent/$uid': 'Connect an App',
  '/admin/support': 'Support Management',
  '/admin/disputes': 'Disputes',
  '/admin/settings': 'Settings',
  '/admin/security': 'Security',
  '/admin/analytics': 'Analytics',
};

function isPagePath(path: string): path is PagePath {
  return Object.hasOwn(pageTitles, path);
}

/** The title for a matched route's full path; `null` (no page matched) is the not-found page. */
export function pageTitle(fullPath: string | null): string {
  if (fullPath === null) return `${pageTitles['/404']} · ${BANK}`;
  const path = fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath;
  const title = isPagePath(path) ? pageTitles[path] : undefined;
  return title ? `${title} · ${BANK}` : BANK;
}
