import { auditEventLabels, isAuditEvent } from '@bank/validators/audit-events';

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
  // Every event the server records is labelled in the one list; older codes are spelled out.
  if (isAuditEvent(event)) return auditEventLabels[event];
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
