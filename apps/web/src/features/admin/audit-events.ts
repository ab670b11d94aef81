/** Audit log events as an administrator reads them (DESIGN.md 5: the security screen). */
const eventLabels: Record<string, string> = {
  'auth.register': 'Registration',
  'auth.register_existing_email': 'Registration with a known e-mail',
  'auth.login.success': 'Sign-in',
  'auth.login.failure': 'Failed sign-in',
  'auth.login.locked': 'Sign-in attempts held back',
  'auth.sessions_ended': 'Every session signed out',
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
};

const reasonLabels: Record<string, string> = {
  wrong_password: 'wrong password',
  unknown_email: 'unknown e-mail',
  blocked: 'account blocked',
  email_not_verified: 'e-mail not verified',
  rate_limited: 'too many attempts',
  account_slowed: 'account slowed down',
};

/** 'auth.login.failure' → 'Failed sign-in'; an unknown event: its code with readable spacing. */
export function auditEventLabel(event: string): string {
  const known = eventLabels[event];
  if (known) return known;
  const words = event.replaceAll(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Why a failure failed ('wrong password'), or null when the entry carries no reason. */
export function auditReason(details: unknown): string | null {
  if (typeof details !== 'object' || details === null || !('reason' in details)) return null;
  const { reason } = details;
  if (typeof reason !== 'string' || reason === '') return null;
  return reasonLabels[reason] ?? reason.replaceAll('_', ' ');
}

/** The event label with the failure's reason: 'Failed sign-in (wrong password)'. */
export function auditEntryLabel(event: string, details: unknown): string {
  const reason = auditReason(details);
  const label = auditEventLabel(event);
  return reason ? `${label} (${reason})` : label;
}

export function isFailureEvent(event: string): boolean {
  return event.endsWith('failure') || event === 'auth.login.locked';
}
