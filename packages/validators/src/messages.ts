/** Texts of docs/product.md sections 2 and 8 that both the server and the SPA show. */
export const messages = {
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** A signed-in caller without the role a route needs (403). */
  noAccess: 'You do not have access to this',
  authenticationRequired: 'Authentication required',
  tooManyRequests: 'Too many requests. Please try again later.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  network: 'Network error. Please check your connection.',
  validation: 'Validation error',
  forgotPasswordSent:
    'If an account exists with this email, you will receive password reset instructions.',
  resetSuccessLogin: 'Password reset successful. Please sign in with your new password.',
  /** After a new staff member or customer opened by the bank chose their first password. */
  passwordSetLogin: 'Your password is set. Please sign in with it.',
  verifiedLogin: 'Email verified successfully. Please sign in.',
  invalidCredentials: 'Invalid email or password',
  accountBlocked: 'Your account has been blocked. Please contact support.',
  /** The blocked customer is told whom to contact: the bank's support, from its settings. */
  accountBlockedContact: (email: string, phone: string) =>
    `Your account has been blocked. Please contact support at ${email} or ${phone}.`,
  emailNotVerified: 'Please verify your email address before signing in.',
  emailTaken: 'An account with this email already exists',
  invalidOrExpiredToken: 'The link is invalid or has expired.',
  invalidTwoFactorCode: 'Invalid verification code',
  wrongCurrentPassword: 'Current password is incorrect',
  twoFactorRequired: 'Two-factor verification required',
  maintenance: 'The bank is under maintenance. Please try again later.',
  maintenanceOver: 'Maintenance is over. Online banking is available again.',
  socketAuthFailed: 'Socket authentication failed. Please refresh the page.',
  socketUnavailable: 'Unable to establish real-time connection. Please refresh the page.',
  /** Shown under a new password before any rule is broken (the accessibility review). */
  passwordRules:
    'At least 8 characters, with a lowercase and an uppercase letter, a number and a special character.',
} as const;
