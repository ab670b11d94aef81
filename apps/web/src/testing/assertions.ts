import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** The link named `name` is on the screen and goes to `href`. */
export function expectLinkTo(name: string | RegExp, href: string): void {
  expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
}
