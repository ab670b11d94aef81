import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ErrorShell } from './error-shell.tsx';

/** docs/product.md 2.31: the 404 page, also shown for any unknown path. */
export function NotFoundPage() {
  return (
    <ErrorShell
      code="404"
      actions={
        <>
          <Button asChild>
            <Link to="/">Go back home</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/support">Contact support</Link>
          </Button>
        </>
      }
    />
  );
}
