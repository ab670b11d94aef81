/**
 * The enum lists without zod: the browser's entry chunk (search-param parsing) imports these,
 * and importing them from a schema module would pull the whole of zod into it.
 */
export * from '@bank/db/enums';

/** The analytics screen's periods, in days. */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/** The windows, in days, over which the security screen groups failed sign-ins by address. */
export const signInFailureWindows = [1, 7, 30] as const;

/** docs/product.md 2.25's user status filter. */
export const userStatuses = ['active', 'blocked', 'unverified'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** Who a ticket is with, as the staff list filters it: the caller, or nobody yet. */
export const ticketAssignments = ['mine', 'unassigned'] as const;
