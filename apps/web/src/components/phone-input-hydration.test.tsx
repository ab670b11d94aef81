import { ChakraProvider } from '@chakra-ui/react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { bankSystem } from '../lib/theme.ts';
import { PhoneInput } from './phone-input.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

function Phone() {
  return (
    <ChakraProvider value={bankSystem()}>
      <PhoneInput value="+12025550123" onChange={() => {}} />
    </ChakraProvider>
  );
}

// The registration page is drawn at build time in node, whose names for countries differ from a
// browser's ('Hong Kong SAR China' against 'Hong Kong'): the drawn page must not depend on them.
it('is drawn with the chosen country alone, and lists every country once taken over', async () => {
  const markup = renderToString(<Phone />);
  expect([...markup.matchAll(/<option /g)]).toHaveLength(1);
  expect(markup).toContain('US – United States (+1)');

  document.body.innerHTML = `<div id="root">${markup}</div>`;
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root');
  const redrawn: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Phone />, { onRecoverableError: (error) => redrawn.push(error) });
  });
  expect(redrawn).toEqual([]);
  const options = container.querySelectorAll('option');
  expect(options.length).toBeGreaterThan(200);
  expect(container.querySelector('select')?.value).toBe('US');
});
