import { describe, expect, it } from 'vitest';
import { uuidV7 } from './uuid-v7.ts';

describe('uuidV7', () => {
  it('is a version 7, RFC 9562 variant UUID carrying its millisecond', () => {
    const at = Date.UTC(2026, 10, 23, 9, 30);
    const id = uuidV7(at + 10_000);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at + 10_000);
  });

  it('only ever grows within a process, even for thousands in one millisecond', () => {
    const at = Date.now() + 60_000;
    const ids = Array.from({ length: 5000 }, () => uuidV7(at));
    const sorted = [...ids].sort();
    expect(ids).toEqual(sorted);
    expect(new Set(ids).size).toBe(ids.length);
    // A clock that steps back does not break the order either.
    expect(uuidV7(at - 5000) > (ids.at(-1) ?? '')).toBe(true);
  });
});
