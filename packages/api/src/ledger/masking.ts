/**
 * A customer as other customers may see them: first name and last initial ("Bob S."). The
 * payee check answers it, and a transfer records and answers nothing more.
 */
export function maskedName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** The last four characters of a card or account number: all a record keeps of another's. */
export function last4(value: string): string {
  return value.slice(-4);
}
