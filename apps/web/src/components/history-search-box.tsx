import { Box, Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuSearch } from 'react-icons/lu';

const SEARCH_DELAY_MS = 400;

/**
 * The history's search: what is typed is asked for once typing pauses (or on Enter), matched
 * by the server against descriptions and counterparties, in any case, with or without accents.
 */
export function HistorySearchBox(props: {
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
}) {
  const { value, onCommit } = props;
  const [text, setText] = useState(value ?? '');

  // Another change of the URL (Clear filters, back button) resets the box.
  useEffect(() => {
    setText((current) => (current.trim() === (value ?? '') ? current : (value ?? '')));
  }, [value]);

  const wanted = text.trim() || undefined;
  useEffect(() => {
    if (wanted === value) return;
    const timer = setTimeout(() => onCommit(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, value, onCommit]);

  return (
    <Box position="relative">
      <Box
        position="absolute"
        insetStart="3"
        top="50%"
        transform="translateY(-50%)"
        color="fg.muted"
        pointerEvents="none"
        aria-hidden="true"
      >
        <LuSearch />
      </Box>
      <Input
        type="search"
        aria-label="Search transactions"
        placeholder="Search by description, name, card or bank"
        ps="9"
        maxLength={100}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && wanted !== value) onCommit(wanted);
        }}
      />
    </Box>
  );
}
