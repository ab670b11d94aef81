import { apiErrorInfo } from './errors.ts';

/** A form's setError, narrowed to the fields a caller may name. */
type SetFieldError<Field extends string> = (name: Field, error: { message: string }) => void;

/** Each message of a failed parse goes under the field its path starts with, if the form has it. */
export function showIssuesAtFields<Field extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  isField: (name: unknown) => name is Field,
  setError: SetFieldError<Field>,
): void {
  for (const issue of issues) {
    const [name] = issue.path;
    if (isField(name)) setError(name, { message: issue.message });
  }
}

/**
 * The server's field messages go under their fields, as the form's own would. False when the
 * server sent none, so the caller says the error another way.
 */
export function showDetailsAtFields<Field extends string>(
  error: unknown,
  isField: (name: string) => name is Field,
  setError: SetFieldError<Field>,
): boolean {
  const { details } = apiErrorInfo(error);
  for (const detail of details) {
    if (isField(detail.field)) setError(detail.field, { message: detail.message });
  }
  return details.length > 0;
}
