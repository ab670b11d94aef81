import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../testing/fixtures.ts';
import { type CardFixture, cardPage, makeCard } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { savedList } from '../../testing/saved-list.ts';
import { callsTo, failing, mockProcedures } from '../../testing/trpc-msw.ts';

/** A card list that remembers what the page adds, changes and removes. */
function serveCards(initial: CardFixture[]) {
  const cards = savedList(initial, { notFound: 'Card not found', newFirst: true });
  mockProcedures({
    'cards.list': () => cardPage(cards.all()),
    'cards.create': (input) => {
      const last4 = String(input.number).slice(-4);
      const card = cards.add(
        makeCard({
          type: input.type,
          name: input.name,
          last4,
          number: `**** **** **** ${last4}`,
          expiry: input.expiry,
        }),
      );
      return { message: 'Card added successfully', card };
    },
    'cards.update': (input) => {
      const card = cards.update(input.id, (known) => ({
        ...known,
        name: input.name ?? known.name,
        expiry: input.expiry ?? known.expiry,
      }));
      return { message: 'Card updated successfully', card };
    },
    'cards.remove': cards.removeAnswering('Card removed successfully'),
  });
}

describe('my cards', () => {
  it('adds a card, which then shows as a tile', async () => {
    serveCards([]);
    const { user } = renderApp('/my-cards', { session: signedInAs() });
    expect(await screen.findByText(/No saved cards yet/)).toBeInTheDocument();
    expect(callsTo('cards.list')).toEqual([{ page: 1, limit: 10 }]);
    await user.selectOptions(screen.getByLabelText(/Card type/), 'credit');
    await user.type(screen.getByLabelText(/Name on card/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Card number/), '4111 1111 1111 1234');
    await user.type(screen.getByLabelText(/Expiry/), '08/30');
    await user.type(screen.getByLabelText(/CVV/), '321');
    await user.click(screen.getByRole('button', { name: 'Add Card' }));
    expect(await screen.findByText('Card added successfully')).toBeInTheDocument();
    expect(callsTo('cards.create')).toEqual([
      {
        type: 'credit',
        name: 'Ada Lovelace',
        number: '4111111111111234',
        expiry: '08/30',
        cvv: '321',
      },
    ]);
    const tile = await screen.findByRole('button', { name: /\*\*\*\* 1234/ });
    expect(tile).toHaveTextContent('Credit');
    expect(tile).toHaveTextContent('Ada Lovelace');
    expect(tile).toHaveTextContent('08/30');
  });

  it('checks the card with the shared messages', async () => {
    serveCards([]);
    const { user } = renderApp('/my-cards', { session: signedInAs() });
    await user.type(await screen.findByLabelText(/Card number/), '4111');
    await user.type(screen.getByLabelText(/Expiry/), '13/30');
    await user.click(screen.getByRole('button', { name: 'Add Card' }));
    expect(await screen.findByText('Name on card is required')).toBeInTheDocument();
    expect(screen.getByText('Card number must be 16 digits')).toBeInTheDocument();
    expect(screen.getByText('Expiry must be MM/YY')).toBeInTheDocument();
    expect(screen.getByText('CVV must be 3 digits')).toBeInTheDocument();
    expect(callsTo('cards.create')).toEqual([]);
  });

  it('edits the card picked from the tiles, carrying expiryMonth and expiryYear', async () => {
    const card = makeCard({ name: 'Ada Lovelace', last4: '4242', expiry: '12/30' });
    serveCards([card]);
    const { user } = renderApp('/my-cards', { session: signedInAs() });
    const tile = await screen.findByRole('button', { name: /\*\*\*\* 4242/ });
    expect(tile).toHaveAttribute('aria-pressed', 'false');
    await user.click(tile);
    expect(await screen.findByRole('heading', { name: 'Edit Card' })).toBeInTheDocument();
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText(/Card number/)).toHaveAttribute('readonly');
    const name = screen.getByLabelText(/Name on card/);
    await user.clear(name);
    await user.type(name, 'Augusta Ada King');
    const expiry = screen.getByLabelText(/Expiry/);
    await user.clear(expiry);
    await user.type(expiry, '01/31');
    await user.click(screen.getByRole('button', { name: 'Update Card' }));
    expect(await screen.findByText('Card updated successfully')).toBeInTheDocument();
    expect(callsTo('cards.update')).toEqual([
      {
        id: card.id,
        type: 'debit',
        name: 'Augusta Ada King',
        expiry: '01/31',
        expiryMonth: 1,
        expiryYear: 2031,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Add Card' })).toBeInTheDocument();
  });

  it('removes a card after confirmation', async () => {
    const card = makeCard({ last4: '4242' });
    serveCards([card]);
    const { user } = renderApp('/my-cards', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: 'Remove card ending 4242' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to remove the debit card ending 4242?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Card removed successfully')).toBeInTheDocument();
    expect(callsTo('cards.remove')).toEqual([{ id: card.id }]);
    expect(await screen.findByText(/No saved cards yet/)).toBeInTheDocument();
  });

  it('falls back to docs/product.md’s failure texts', async () => {
    mockProcedures({
      'cards.list': () => cardPage([]),
      'cards.create': failing('BAD_REQUEST', ''),
    });
    const { user } = renderApp('/my-cards', { session: signedInAs() });
    await user.type(await screen.findByLabelText(/Name on card/), 'Ada');
    await user.type(screen.getByLabelText(/Card number/), '4111111111111111');
    await user.type(screen.getByLabelText(/Expiry/), '08/30');
    await user.type(screen.getByLabelText(/CVV/), '321');
    await user.click(screen.getByRole('button', { name: 'Add Card' }));
    expect(await screen.findByText('Failed to add card')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Card' })).toBeEnabled());
  });
});
