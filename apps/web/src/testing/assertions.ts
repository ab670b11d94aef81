import { screen, type waitForOptions, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The link named `name` is on the screen and goes to `href`. */
export function expectLinkTo(name: string | RegExp, href: string): void {
  expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
}

/** The page, once it has loaded, is headed `heading` and says `text`. */
export async function expectPageSaying(heading: string, text: string): Promise<void> {
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  expect(screen.getByText(text)).toBeInTheDocument();
}

/** Each of `texts` is shown inside `container` (a row, a card, a region). */
export function expectTextsIn(container: HTMLElement, texts: readonly (string | RegExp)[]): void {
  for (const text of texts) expect(within(container).getByText(text)).toBeInTheDocument();
}

/** `Count` rows, as a tuple a test can take apart without checking each for undefined. */
type Rows<Count extends number, Found extends HTMLElement[] = []> = Found['length'] extends Count
  ? Found
  : Rows<Count, [...Found, HTMLElement]>;

function hasRows<Count extends number>(rows: HTMLElement[], count: Count): rows is Rows<Count> {
  return rows.length >= count;
}

/**
 * The first `count` rows under the header of the table named `name`, once it shows: a test
 * that looks at them stops here when they are not there.
 */
export async function findBodyRows<Count extends number>(
  name: string,
  count: Count,
  wait?: waitForOptions,
): Promise<Rows<Count>> {
  const table = await screen.findByRole('table', { name }, wait);
  const rows = within(table).getAllByRole('row').slice(1);
  if (!hasRows(rows, count))
    throw new Error(`${name}: ${count} rows expected, ${rows.length} shown`);
  return rows;
}
