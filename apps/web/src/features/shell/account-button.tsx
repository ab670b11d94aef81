import { Avatar, Box, Button, type ButtonProps, Text } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import { initials } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session.ts';

/** The header's account button: the menu's trigger, and what stands in for it until it loads. */
export function AccountButton(props: ButtonProps) {
  const user = useCurrentUser();
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Button
      variant="ghost"
      px="2"
      gap="2"
      // The name holds the text the button shows, in the order shown (WCAG 2.5.3, axe's
      // label-content-name-mismatch); the initials are decoration, drawn by CSS, not text.
      aria-label={`Account menu for ${fullName} ${user.email}`}
      {...props}
    >
      <Avatar.Root size="sm" colorPalette="brand" aria-hidden="true">
        {user.avatar ? <Avatar.Image src={user.avatar} alt="" /> : null}
        <Avatar.Fallback asChild _before={{ content: 'attr(data-initials)' }}>
          <span data-initials={initials(user.firstName, user.lastName)} />
        </Avatar.Fallback>
      </Avatar.Root>
      <Box display={{ base: 'none', md: 'block' }} textAlign="start" lineHeight="short">
        <Text fontSize="sm" fontWeight="medium">
          {fullName}
        </Text>{' '}
        {/* The space keeps the two lines two words for assistive technology (and axe). */}
        <Text fontSize="xs" color="fg.muted">
          {user.email}
        </Text>
      </Box>
      <LuChevronDown aria-hidden="true" />
    </Button>
  );
}
