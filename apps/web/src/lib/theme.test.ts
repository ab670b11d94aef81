import { describe, expect, it } from 'vitest';
import { bankSystem, bankSystemWithoutGlobalCss } from './theme.ts';

describe('the design system', () => {
  it('is built once, and builds its global CSS only when it is read (our patch of Chakra)', () => {
    const system = bankSystem();
    expect(bankSystem()).toBe(system);
    // A getter, not a value made with the system; not enumerable, so a copy leaves it unread.
    const global = Object.getOwnPropertyDescriptor(system, '_global');
    expect(global?.get).toBeTypeOf('function');
    expect(global?.enumerable).toBe(false);
    expect(Object.keys(system)).not.toContain('_global');
    // Read, it is Chakra's: the reset, the base styles and the tokens as CSS variables.
    const css = JSON.stringify(system._global);
    expect(system._global).toHaveLength(3);
    expect(css).toContain('--chakra-colors-brand-700');
    expect(system._global).toBe(system._global);
  });

  it('for a page that carries its global CSS, is the same system without it', () => {
    const system = bankSystemWithoutGlobalCss();
    expect(system._global).toEqual([]);
    expect(system.token('colors.brand.700')).toBe(bankSystem().token('colors.brand.700'));
    expect(system.getSlotRecipeFn).toBe(bankSystem().getSlotRecipeFn);
    expect(system.$$chakra).toBe(true);
  });
});
