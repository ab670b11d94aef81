import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApp } from '../app/create-app.tsx';
import type { Session } from '../lib/session.ts';
import { anonymous } from './fixtures.ts';
import { mockProcedure } from './trpc-msw.ts';

export interface RenderAppOptions {
  session?: Session;
  /** History state of the first entry (e-mail or message handed over by a previous page). */
  state?: { email?: string; message?: string };
  /** Open the WebSocket (answered by an msw `ws` handler in the test). */
  realtime?: boolean;
}

/** Renders the whole app (providers, router, toaster) at `path` against the msw tRPC mock. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  mockProcedure('auth.me', () => options.session ?? anonymous);
  const history = createMemoryHistory({ initialEntries: [path] });
  if (options.state) history.replace(path, { ...options.state, key: 'initial', __TSR_index: 0 });
  const app = createApp({ history, realtime: options.realtime ?? false });
  const user = userEvent.setup();
  const view = render(<app.App />);
  return { ...app, ...view, user, history };
}
