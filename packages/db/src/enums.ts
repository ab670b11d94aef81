/**
 * The values of the database's enums, without drizzle: the schema builds its enums from them
 * and the validators (shared with the browser) import them from here, so each list exists once.
 */
export const transactionTypes = [
  'transfer',
  'deposit',
  'withdraw',
  'loan_disbursement',
  'loan_repayment',
  'interest_earned',
  'fee',
  /** A compensating movement that undoes a completed one, whole or in part (staff only). */
  'reversal',
  /** Money the bank lends a customer while it investigates their dispute (suspense account). */
  'dispute_credit',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const transactionStatuses = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const loanTypes = ['personal', 'business', 'mortgage', 'education', 'vehicle'] as const;
export type LoanType = (typeof loanTypes)[number];

/**
 * docs/product.md 4's statuses less `disbursed` (approval disburses in the same transaction, so an
 * approved loan is already paid out), plus `cancelled` for an application its owner withdrew.
 */
export const loanStatuses = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'completed',
  'defaulted',
] as const;
export type LoanStatus = (typeof loanStatuses)[number];

export const employmentStatuses = [
  'employed',
  'self-employed',
  'business-owner',
  'retired',
  'other',
] as const;
export const collateralTypes = ['real-estate', 'vehicle', 'investment', 'other'] as const;
/** docs/product.md 9 and 4: what a support ticket is about, how urgent, and where it stands. */
export const ticketCategories = [
  'account',
  'transaction',
  'loan',
  'technical_support',
  'security',
  'other',
] as const;
export type TicketCategory = (typeof ticketCategories)[number];

export const ticketPriorities = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

export const ticketStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const userRoles = ['user', 'admin', 'support'] as const;
export type UserRole = (typeof userRoles)[number];

/** What a freeze stops: every movement, only money leaving, or only money arriving. */
export const freezeModes = ['all', 'debits', 'credits'] as const;
export type FreezeMode = (typeof freezeModes)[number];
/**
 * What a second staff member must approve (four eyes, docs/product.md). Kept as text in the
 * database: a new kind (lifting a fraud freeze) is one more entry here and one more executor.
 */
export const approvalActions = [
  'reversal',
  'loan_approval',
  'limit_raise',
  'admin_grant',
  'freeze_lift',
] as const;
export type ApprovalAction = (typeof approvalActions)[number];

export const approvalStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];
/** The kinds of notice the inbox keeps (the notifications table's `type`). */
export const notificationTypes = [
  'money_in',
  'money_out',
  'loan',
  'support',
  'maintenance',
  'security',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** How often a scheduled transfer repeats (issue's REST contract: these exact words). */
export const scheduleFrequencies = ['once', 'weekly', 'every_2_weeks', 'monthly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

/**
 * Where a schedule stands: `suspended` by the bank (a blocked or closed customer, a removed or
 * closed payee: the reason is kept), `completed` once its last occurrence is behind it.
 */
export const scheduleStatuses = [
  'active',
  'paused',
  'suspended',
  'cancelled',
  'completed',
] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/**
 * One date of a schedule: `retrying` after it found too little money (one retry later that
 * day), `skipped` when the schedule was paused or suspended over its date.
 */
export const occurrenceStatuses = ['completed', 'failed', 'skipped', 'retrying'] as const;
export type OccurrenceStatus = (typeof occurrenceStatuses)[number];
/** Why a customer disputes a movement ('Report a problem' on a transaction). */
export const disputeReasons = [
  'unauthorised',
  'wrong_amount',
  'duplicate',
  'not_received',
  'other',
] as const;
export type DisputeReason = (typeof disputeReasons)[number];

/**
 * A dispute's lifecycle: submitted -> investigating -> provisional_credit -> resolved (for the
 * customer), denied (with a reason) or withdrawn (by the customer).
 */
export const disputeStatuses = [
  'submitted',
  'investigating',
  'provisional_credit',
  'resolved',
  'denied',
  'withdrawn',
] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
/** Still being worked on: one such dispute per transaction. */
export const openDisputeStatuses = ['submitted', 'investigating', 'provisional_credit'] as const;
/** A webhook delivery: waiting (or retrying), delivered (a 2xx answer), or given up after 24 h. */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
