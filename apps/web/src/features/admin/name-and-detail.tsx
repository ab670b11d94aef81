import { Stack, Text } from '@chakra-ui/react';

/** A table cell naming someone or something, with a smaller muted line under it when known. */
export function NameAndDetail(props: {
  name: string;
  detail: string | null | undefined;
  /** The detail is a code (a client id), set in monospace. */
  mono?: boolean;
}) {
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{props.name}</Text>
      {props.detail ? (
        <Text fontSize="xs" color="fg.muted" fontFamily={props.mono ? 'mono' : undefined}>
          {props.detail}
        </Text>
      ) : null}
    </Stack>
  );
}
