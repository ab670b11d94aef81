import { TrpcMockError } from './trpc-msw.ts';

/**
 * A list of saved things (banks, cards, payees) the mocked server keeps while a test runs: what
 * the page adds, changes and removes shows on its next load. `notFound` is the message an update
 * of an unknown id answers.
 */
export function savedList<Item extends { id: string }>(
  initial: readonly Item[],
  options: { notFound: string; newFirst?: boolean },
) {
  let items = [...initial];
  return {
    all: (): Item[] => items,
    add(item: Item): Item {
      items = options.newFirst ? [item, ...items] : [...items, item];
      return item;
    },
    update(id: string, change: (item: Item) => Item): Item {
      const found = items.find((item) => item.id === id);
      if (!found) throw new TrpcMockError('NOT_FOUND', options.notFound);
      const changed = change(found);
      items = items.map((item) => (item.id === id ? changed : item));
      return changed;
    },
    /** A mock of the list's remove procedure: it drops the item and answers `{ message, id }`. */
    removeAnswering(message: string) {
      return ({ id }: { id: string }) => {
        items = items.filter((item) => item.id !== id);
        return { message, id };
      };
    },
  };
}
