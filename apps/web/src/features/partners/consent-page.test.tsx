import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';
import { leaveFor } from './leave-app.ts';

vi.mock('./leave-app.ts', () => ({ leaveFor: vi.fn() }));

const ada = signedInAs(makeUser());
const uid = 'k8Jq2nX4vB6mT1sR9wY3z';

const details = {
  clientId: 'app_k3v7q2m9x4t8b6n5w2c1',
  appName: 'Budget Buddy',
  scopes: [
    { scope: 'accounts:read', description: 'See your account number and balance' },
    {
      scope: 'payments:write',
      description: 'Send payments from your account (within your limits)',
    },
  ],
  accountLast4: '8085',
  customerName: 'Ada Lovelace',
};

function answerDetails(answer: () => Response) {
  server.use(http.get(`/oauth/consent/${uid}/details`, answer));
}

/** The decisions the page sends, each answered with the way back to the app. */
function recordDecisions(): unknown[] {
  const decisions: unknown[] = [];
  server.use(
    http.post(`/oauth/consent/${uid}/decision`, async ({ request }) => {
      decisions.push(await request.json());
      return HttpResponse.json({ redirectTo: `/oauth/authorize/${uid}` });
    }),
  );
  return decisions;
}

describe('consent page', () => {
  it('names the app, what it may do in plain words and the account; Allow goes back to the app', async () => {
    answerDetails(() => HttpResponse.json(details));
    const decisions = recordDecisions();
    const { user } = renderApp(`/oauth/consent/${uid}`, { session: ada });
    expect(
      await screen.findByRole('heading', { name: 'Budget Buddy wants to use your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('See your account number and balance')).toBeInTheDocument();
    expect(
      screen.getByText('Send payments from your account (within your limits)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Signed in as Ada Lovelace · Checking account ••••8085'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(`/oauth/authorize/${uid}`));
    expect(decisions).toEqual([{ allow: true }]);
  });

  it('Deny sends the refusal', async () => {
    vi.mocked(leaveFor).mockClear();
    answerDetails(() => HttpResponse.json(details));
    const decisions = recordDecisions();
    const { user } = renderApp(`/oauth/consent/${uid}`, { session: ada });
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(decisions).toEqual([{ allow: false }]);
  });

  it('says so when the request has expired', async () => {
    answerDetails(() =>
      HttpResponse.json(
        {
          code: 'NOT_FOUND',
          message: 'This request has expired. Go back to the app and connect again.',
        },
        { status: 404 },
      ),
    );
    renderApp(`/oauth/consent/${uid}`, { session: ada });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This request has expired. Go back to the app and connect again.',
    );
    expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in first, coming back here after', async () => {
    const { history } = renderApp(`/oauth/consent/${uid}`);
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(history.location.search).toContain(encodeURIComponent(`/oauth/consent/${uid}`));
  });
});
