/**
 * A maker of test data: `defaults` builds a whole answer as the router types it, and a test lays
 * over it only what it looks at. The defaults are built anew for each call, so a test that
 * changes what it got leaves the next one's alone.
 */
export function fixture<Shape extends object>(defaults: () => Shape) {
  return (overrides: Partial<Shape> = {}): Shape => ({ ...defaults(), ...overrides });
}

let sequence = 0;

/** A uuid-shaped id, distinct per call (the detail route asks only for well-formed ids). */
export function fixtureId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** As `fixture`, for records a test tells apart by id: each gets a fresh one unless it sets it. */
export function fixtureWithId<Shape extends { id: string }>(defaults: (id: string) => Shape) {
  return (overrides: Partial<Shape> = {}): Shape => ({
    ...defaults(overrides.id ?? fixtureId()),
    ...overrides,
  });
}
