import { registerInput, resetPasswordForm } from '@bank/validators/auth';
import { z } from 'zod';

/**
 * The shared "Passwords must match" text. The validators package keeps it inside its
 * refinements rather than as a constant, so it is read once from the shared schema.
 */
const passwordsMustMatch =
  resetPasswordForm.safeParse({ password: 'Probe#2026a', confirmPassword: 'Probe#2026b' }).error
    ?.issues[0]?.message ?? 'Passwords must match';

/**
 * A shared field's rules and messages, reported without stopping the rest of the form:
 * an empty required field aborts the shared schema, which would hide the cross-field checks.
 */
function continuing(field: z.ZodType) {
  return z.string().superRefine((value, ctx) => {
    for (const issue of field.safeParse(value).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, continue: true });
    }
  });
}

const { shape } = registerInput;

/**
 * The registration form's schema, built from the shared `registerInput` so that every message
 * is the shared one. A form shows each message as soon as its own field is touched, so the
 * fields never abort each other, the terms box is a plain boolean checked on its own, and the
 * confirmation is compared whatever the other fields hold. Submission parses `registerInput`.
 */
export const registerForm = z
  .object({
    firstName: continuing(shape.firstName),
    lastName: continuing(shape.lastName),
    email: continuing(shape.email),
    phoneNumber: continuing(shape.phoneNumber),
    dateOfBirth: continuing(shape.dateOfBirth),
    password: continuing(shape.password),
    confirmPassword: continuing(shape.confirmPassword),
    acceptTerms: z.boolean().superRefine((value, ctx) => {
      for (const issue of shape.acceptTerms.safeParse(value).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', message: issue.message, continue: true });
      }
    }),
  })
  .refine((value) => !value.confirmPassword || value.password === value.confirmPassword, {
    message: passwordsMustMatch,
    path: ['confirmPassword'],
  });
