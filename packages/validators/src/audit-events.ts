import { type AuditEvent, auditEvents } from './audit-event-names.ts';

// The names alone live in their own module, which the browser's entry chunk reads for the
// security route's search params; the labels below then load with the screens that show them.
export { type AuditEvent, auditEvents };

/** How an administrator reads each event (docs/architecture.md 5: the security screen). */
export const auditEventLabels: Record<AuditEvent, string> = {
  'auth.register': 'Registration',
  'auth.register_existing_email': 'Registration with a known e-mail',
  'auth.login.success': 'Sign-in',
  'auth.login.failure': 'Failed sign-in',
  'auth.login.locked': 'Sign-in attempts held back',
  'auth.sessions_ended': 'Every session signed out',
  'auth.session_ended': 'Session signed out',
  'auth.password_check_failure': 'Wrong current password',
  'auth.logout': 'Sign-out',
  'auth.email_verified': 'E-mail verified',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'auth.2fa_enabled': 'Two-factor authentication enabled',
  'auth.2fa_disabled': 'Two-factor authentication disabled',
  'auth.2fa_failure': 'Failed two-factor code',
  'auth.recovery_code_used': 'Recovery code used',
  'user.profile_updated': 'Profile updated',
  'user.blocked': 'User blocked',
  'user.unblocked': 'User unblocked',
  'user.created_by_bootstrap': 'Administrator created at start-up',
  'user.created': 'User created by an administrator',
  'user.updated': 'User details changed',
  'user.deleted': 'User deleted',
  'settings.updated': 'Bank settings changed',
  'loan.status_changed': 'Loan status changed',
  'support.ticket_status_changed': 'Support ticket status changed',
  'payee.added': 'Payee added',
  'payee.changed': 'Payee changed',
  'payee.removed': 'Payee removed',
  'scheduled_transfer.created': 'Scheduled transfer set up',
  'scheduled_transfer.changed': 'Scheduled transfer changed',
  'scheduled_transfer.paused': 'Scheduled transfer paused',
  'scheduled_transfer.resumed': 'Scheduled transfer resumed',
  'scheduled_transfer.cancelled': 'Scheduled transfer cancelled',
  'scheduled_transfer.suspended': 'Scheduled transfer suspended',
  'staff.viewed_profile': 'Staff opened the profile and transactions',
  'staff.viewed_ticket': 'Staff opened a support ticket',
  'account.frozen': 'Account frozen',
  'account.unfrozen': 'Account freeze lifted',
  'account.hold_placed': 'Hold placed on an amount',
  'account.hold_released': 'Hold released',
  'transaction.reversed': 'Transaction reversed',
  'transaction.voided': 'Pending transaction voided',
  'approval.requested': 'Second approval requested',
  'approval.approved': 'Request approved by a second staff member',
  'approval.rejected': 'Request rejected by a second staff member',
  'approval.expired': 'Request lapsed after 24 hours',
  'dispute.opened': 'Dispute opened',
  'dispute.updated': 'Dispute moved on by staff',
  'dispute.withdrawn': 'Dispute withdrawn',
  'webhook.subscribed': 'App subscribed a webhook',
  'webhook.removed': 'App removed a webhook',
  'webhook.delivery_replayed': 'Webhook delivery replayed',
  'app.created': 'Third-party app registered',
  'app.secret_rotated': "Third-party app's secret rotated",
  'app.disabled': 'Third-party app disabled',
  'app.consent_granted': 'App connected by the customer',
  'app.consent_denied': 'App connection declined',
  'app.consent_revoked': 'Connected app revoked',
  'app.payment': 'Payment made through an app',
};

/**
 * Everyday comings and goings: the security screen lists them, the admin dashboard's Recent
 * Activity leaves them out so that what staff must notice is not buried under sign-ins.
 */
export const routineAuditEvents = [
  'auth.login.success',
  'auth.logout',
  'auth.session_ended',
] as const satisfies readonly AuditEvent[];

/** What the admin dashboard counts as a security alert: failed sign-ins and blocks. */
export const securityAlertEvents = [
  'auth.login.failure',
  'auth.login.locked',
  'auth.2fa_failure',
  'user.blocked',
] as const satisfies readonly AuditEvent[];

export function isAuditEvent(value: string): value is AuditEvent {
  return auditEvents.some((event) => event === value);
}
