import { type AuditEvent, recordAudit } from '../audit/service.ts';
import type { EmailMessage } from '../mail/templates.ts';
import { type AuthCall, emailLink, findUserByEmail } from './call.ts';
import type { UserRow } from './dto.ts';
import { answerEvenly } from './even-answer.ts';
import { allowMail } from './mail-allowance.ts';
import { issueUserToken, type Purpose } from './tokens.ts';

/**
 * The answer of a call that mails an address, given no sooner than the floor after the call
 * began (even-answer.ts): how long it took must not tell whether the address is known.
 */
export async function answeredEvenly<T>(mailing: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await mailing();
  } finally {
    await answerEvenly(startedAt);
  }
}

/** A single-use link the bank mails on request (a password reset, a verification). */
interface TokenMail {
  /** The page the link opens. */
  path: string;
  purpose: Purpose;
  /** Whether this user is sent one at all; the answer is the same either way. */
  wanted(user: UserRow): boolean;
  compose(to: string, firstName: string, url: string): EmailMessage;
  /** The mail allowance it counts against (mail-allowance.ts). */
  allowance: string;
  audit?: AuditEvent;
}

/**
 * Mails `mail`'s link to the user at `email`, a fresh token with it, when the allowance admits
 * it and the user is one it is for; otherwise does nothing, silently.
 */
export async function mailTokenLink(call: AuthCall, email: string, mail: TokenMail): Promise<void> {
  const { deps, request } = call;
  if (!(await allowMail(deps, request, mail.allowance, email))) return;
  const user = await findUserByEmail(deps.db, email);
  if (!user || !mail.wanted(user)) return;
  await deps.db.transaction(async (tx) => {
    const token = await issueUserToken(tx, user.id, mail.purpose);
    const url = emailLink(deps, request, mail.path, token);
    await deps.mailer.enqueue(tx, mail.compose(user.email, user.firstName, url));
    if (mail.audit) await recordAudit(tx, { event: mail.audit, userId: user.id, request });
  });
}
