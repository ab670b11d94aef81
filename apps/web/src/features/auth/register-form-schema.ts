import { registerInput } from '@bank/validators/auth';
import { z } from 'zod';

/**
 * The registration form's schema, built from the shared `registerInput`. The shared schema
 * takes `acceptTerms` as the literal `true`; an unticked box there is a type failure that
 * stops zod before the "Passwords must match" check, so the form keeps a boolean and asks
 * the shared schema for both messages itself. Submission still parses with `registerInput`.
 */
export const registerForm = z
  .object({ ...registerInput.shape, acceptTerms: z.boolean() })
  .superRefine((value, ctx) => {
    const terms = registerInput.shape.acceptTerms.safeParse(value.acceptTerms);
    for (const issue of terms.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['acceptTerms'] });
    }
    const whole = registerInput.safeParse({ ...value, acceptTerms: true });
    for (const issue of whole.error?.issues ?? []) {
      if (issue.code === 'custom' && issue.path.join('.') === 'confirmPassword') {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['confirmPassword'] });
      }
    }
  });
