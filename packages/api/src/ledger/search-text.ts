/**
 * Text as history search compares it: lower case, accents and other combining marks removed
 * ('José' → 'jose'), runs of white space as one space. The ledger writes rows' search columns
 * with it and the search normalizes the words asked for the same way, so both engines compare
 * plain strings with an ordinary index-friendly LIKE (no `unaccent` extension needed).
 */
export function searchText(...parts: Array<string | null | undefined>): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A LIKE pattern finding `words` anywhere: the wildcards `%`, `_` and `\` are taken literally. */
export function containsPattern(words: string): string {
  return `%${searchText(words).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
