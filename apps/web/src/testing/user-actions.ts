import { screen } from '@testing-library/react';
import type { renderApp } from './render-app.tsx';

type User = ReturnType<typeof renderApp>['user'];

/** Replaces what the field labelled `label` holds with `value`, as a person clears it and types. */
export async function retype(user: User, label: string | RegExp, value: string): Promise<void> {
  await user.clear(screen.getByLabelText(label));
  await user.type(screen.getByLabelText(label), value);
}
