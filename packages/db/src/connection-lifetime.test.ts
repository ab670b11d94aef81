import { describe, expect, it } from 'vitest';
import { connectionLifetime } from './client.ts';

describe('a pool connection’s lifetime', () => {
  it('is drawn between half the configured lifetime and all of it, in seconds', () => {
    expect(connectionLifetime(600_000, () => 0)).toBe(300);
    expect(connectionLifetime(600_000, () => 0.5)).toBe(450);
    expect(connectionLifetime(600_000, () => 1)).toBe(600);
  });

  it('defaults to half an hour at most', () => {
    expect(connectionLifetime(undefined, () => 1)).toBe(1_800);
  });
});
