/** A filtered list's empty box: the hint to change the filters shows only while some are set. */
export function filteredEmpty(title: string, filtered: boolean) {
  return { title, hint: filtered ? 'Try other filters, or clear them.' : undefined };
}
