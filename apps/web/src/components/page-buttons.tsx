import { Button } from '@chakra-ui/react';

/**
 * Previous and Next under a paged list. Without a wrapper: each list sets them in its own row
 * (beside a 'Showing X to Y' line, or alone at the end).
 */
export function PageButtons(props: {
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const { page, hasNext, onPage } = props;
  return (
    <>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </>
  );
}
