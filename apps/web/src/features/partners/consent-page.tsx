import { Box, Button, Card, Center, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LuCheck, LuShieldCheck } from 'react-icons/lu';
import { ListSpinner } from '../../components/list-states.tsx';
import { ConsentError, decideConsent, fetchConsent } from './consent-api.ts';
import { leaveFor } from './leave-app.ts';

/** The two answers, Deny first (last on a phone, under Allow). */
const answers = [
  { allow: false, label: 'Deny', look: { variant: 'outline' } },
  { allow: true, label: 'Allow', look: { colorPalette: 'brand' } },
] as const;

/**
 * A third-party app asks to act for the customer: its name, what it may do in plain words, the
 * account, Allow or Deny. The customer is signed in with their second factor (the `_auth`
 * guard) before they see it.
 */
export function ConsentPage(props: { uid: string }) {
  const details = useQuery({
    queryKey: ['oauth-consent', props.uid],
    queryFn: () => fetchConsent(props.uid),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const decide = useMutation({
    mutationFn: (allow: boolean) => decideConsent(props.uid, allow),
    onSuccess: ({ redirectTo }) => leaveFor(redirectTo),
  });

  let body: React.ReactNode;
  if (details.isPending) {
    body = <ListSpinner label="Loading the request" py="10" />;
  } else if (details.isError) {
    body = (
      <Stack gap="2" role="alert">
        <Heading as="h1" size="xl">
          This request cannot be shown
        </Heading>
        <Text color="fg.muted">
          {details.error instanceof ConsentError
            ? details.error.message
            : 'Error loading this request'}
        </Text>
      </Stack>
    );
  } else {
    const view = details.data;
    body = (
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="3" color="brand.fg">
            <LuShieldCheck aria-hidden="true" size="28" />
            <Text fontSize="sm" fontWeight="medium">
              Connect an app
            </Text>
          </HStack>
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {`${view.appName} wants to use your account`}
          </Heading>
          <Text color="fg.muted">
            {view.accountLast4
              ? `Signed in as ${view.customerName} · Checking account ••••${view.accountLast4}`
              : `Signed in as ${view.customerName}`}
          </Text>
        </Stack>
        <Stack gap="3">
          <Heading as="h2" size="md">
            {`If you allow it, ${view.appName} will be able to:`}
          </Heading>
          <List.Root gap="2" variant="plain">
            {view.scopes.map((entry) => (
              <List.Item key={entry.scope} alignItems="flex-start">
                <List.Indicator asChild color="fg.success" mt="1">
                  <LuCheck aria-hidden="true" />
                </List.Indicator>
                {entry.description}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
        <Box bg="bg.muted" borderRadius="l2" p="4">
          <Text fontSize="sm" color="fg.muted">
            Payments made by the app follow your usual limits. You can disconnect the app at any
            time under Profile, Connected apps.
          </Text>
        </Box>
        {decide.isError ? (
          <Text color="fg.error" role="alert">
            {decide.error instanceof ConsentError
              ? decide.error.message
              : 'Could not send your answer'}
          </Text>
        ) : null}
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
          {answers.map(({ allow, label, look }) => (
            <Button
              key={label}
              {...look}
              disabled={decide.isPending || decide.isSuccess}
              loading={decide.isPending && decide.variables === allow}
              onClick={() => decide.mutate(allow)}
            >
              {label}
            </Button>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Center>
      <Card.Root variant="outline" w="full" maxW="xl">
        <Card.Body p={{ base: '5', md: '8' }}>{body}</Card.Body>
      </Card.Root>
    </Center>
  );
}
