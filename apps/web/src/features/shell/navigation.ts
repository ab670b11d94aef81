import type { IconType } from 'react-icons';
import {
  LuArrowDownToLine,
  LuArrowLeftRight,
  LuArrowUpFromLine,
  LuBanknote,
  LuBuilding2,
  LuCalendarClock,
  LuChartLine,
  LuContact,
  LuCreditCard,
  LuFilePlus,
  LuFileText,
  LuFlag,
  LuHandCoins,
  LuLandmark,
  LuLayoutDashboard,
  LuLifeBuoy,
  LuListChecks,
  LuMessageSquarePlus,
  LuPlug,
  LuReceipt,
  LuScale,
  LuSend,
  LuSettings,
  LuShieldCheck,
  LuStamp,
  LuTickets,
  LuUsers,
  LuWebhook,
} from 'react-icons/lu';

export interface NavLink {
  label: string;
  to: string;
  icon: IconType;
  /** Active only on exactly this path (the dashboard). */
  exact?: boolean;
}

export interface NavGroup {
  label: string;
  icon: IconType;
  /** The group's own page, if it has one. */
  to?: string;
  /** Path prefixes that count as "inside" the group (opens it automatically). */
  paths: string[];
  children: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/** docs/product.md 2.2: the user menu, shown to customers and administrators. */
export const userNavigation: NavEntry[] = [
  { label: 'Dashboard', to: '/', icon: LuLayoutDashboard, exact: true },
  {
    label: 'Transactions',
    icon: LuArrowLeftRight,
    to: '/transactions',
    paths: ['/transactions', '/transfer', '/transfers', '/deposit', '/withdraw', '/payees'],
    children: [
      { label: 'Transfer Money', to: '/transfer', icon: LuSend },
      { label: 'Scheduled Transfers', to: '/transfers/scheduled', icon: LuCalendarClock },
      { label: 'Payees', to: '/payees', icon: LuContact },
      { label: 'Deposit', to: '/deposit', icon: LuArrowDownToLine },
      { label: 'Withdraw', to: '/withdraw', icon: LuArrowUpFromLine },
    ],
  },
  { label: 'Statements', to: '/statements', icon: LuFileText },
  { label: 'Cards', to: '/my-cards', icon: LuCreditCard },
  { label: 'My Banks', to: '/my-banks', icon: LuLandmark },
  {
    label: 'Loans',
    icon: LuHandCoins,
    paths: ['/loans'],
    children: [
      { label: 'My Loans', to: '/loans', icon: LuBanknote, exact: true },
      { label: 'Apply for Loan', to: '/loans/apply', icon: LuFilePlus },
    ],
  },
  {
    label: 'Support',
    icon: LuLifeBuoy,
    paths: ['/support', '/faqs', '/contact', '/disputes'],
    children: [
      { label: 'Tickets', to: '/support', icon: LuTickets, exact: true },
      { label: 'Create Ticket', to: '/support/create', icon: LuMessageSquarePlus },
      { label: 'My Disputes', to: '/disputes', icon: LuFlag },
    ],
  },
];

/** docs/product.md 2.2: the admin menu, administrators only, always open. */
export const adminNavigation: NavLink[] = [
  { label: 'Admin Dashboard', to: '/admin', icon: LuShieldCheck, exact: true },
  { label: 'User Management', to: '/admin/users', icon: LuUsers },
  { label: 'Transaction Monitoring', to: '/admin/transactions', icon: LuChartLine },
  { label: 'Loan Management', to: '/admin/loans', icon: LuListChecks },
  { label: 'Approvals', to: '/admin/approvals', icon: LuStamp },
  { label: 'Webhooks', to: '/admin/webhooks', icon: LuWebhook },
  { label: 'All Banks', to: '/admin/banks', icon: LuBuilding2 },
  { label: 'Apps', to: '/admin/apps', icon: LuPlug },
  { label: 'Support Management', to: '/admin/support', icon: LuReceipt },
  { label: 'Disputes', to: '/admin/disputes', icon: LuScale },
  { label: 'Settings', to: '/admin/settings', icon: LuSettings },
];

/** The support role's menu: the support screens of the admin area only. */
export const supportNavigation: NavLink[] = adminNavigation.filter(
  (link) => link.to === '/admin/support' || link.to === '/admin/disputes',
);

/** Whether `pathname` is the path or below it ('/loans' contains '/loans/apply'). */
export function isWithin(pathname: string, prefix: string): boolean {
  if (prefix === '/') return pathname === '/';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isActive(pathname: string, link: NavLink): boolean {
  return link.exact ? pathname === link.to : isWithin(pathname, link.to);
}
