import { Link as ChakraLink } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { LuArrowLeft } from 'react-icons/lu';

/** 'Back to …' above a detail page, to the list it was opened from. */
export function BackLink(props: { to: LinkProps['to']; children: string }) {
  return (
    <ChakraLink asChild color="brand.fg" fontSize="sm" fontWeight="medium" alignSelf="flex-start">
      <Link to={props.to}>
        <LuArrowLeft aria-hidden="true" /> {props.children}
      </Link>
    </ChakraLink>
  );
}
