/**
 * The one subscription's events, handed to whichever screen wants them (an open ticket chat):
 * the realtime listener emits, screens listen while mounted.
 */
export interface LiveEvent {
  type: string;
  data: Record<string, unknown>;
}

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();

export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitLiveEvent(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}
