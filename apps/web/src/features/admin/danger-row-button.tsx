import { Button, type ButtonProps } from '@chakra-ui/react';

/** A table row's button that ends, cancels or undoes something: small, outlined in red. */
export function DangerRowButton(props: ButtonProps) {
  return <Button size="xs" variant="outline" colorPalette="red" {...props} />;
}
