import { useEffect } from 'react';

const SEARCH_DELAY_MS = 400;

/** A text box that reports what is typed once typing pauses (or on Enter). */
export function useDebounced(value: string, onCommit: (value: string) => void) {
  useEffect(() => {
    const timer = setTimeout(() => onCommit(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, onCommit]);
}
