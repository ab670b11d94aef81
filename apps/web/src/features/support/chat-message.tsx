import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { LuPaperclip } from 'react-icons/lu';
import { formatDateTime } from '../../lib/format.ts';
import type { ChatMessage, QueuedLine } from './use-chat.ts';

export function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <Stack gap="1" alignSelf={own ? 'flex-end' : 'flex-start'} maxW="85%" as="li">
      <Text fontSize="xs" color="fg.muted" textAlign={own ? 'end' : 'start'}>
        <Text as="span" fontWeight="semibold" color="fg">
          {own ? 'You' : message.sender.name}
        </Text>
        {message.senderType === 'user' ? '' : ' · Support'} ·{' '}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </Text>
      <Box
        px="3"
        py="2"
        borderRadius="l3"
        bg={own ? 'brand.solid' : 'bg.muted'}
        color={own ? 'brand.contrast' : 'fg'}
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        fontSize="sm"
      >
        {/* Text only: whatever markup someone typed is shown, never run. */}
        {message.message}
        {message.attachments.length > 0 ? (
          <Stack gap="1" mt="2">
            {message.attachments.map((file) => (
              <Link
                key={file.id}
                href={file.fileUrl}
                download={file.fileName}
                color="inherit"
                textDecoration="underline"
                fontSize="xs"
              >
                <LuPaperclip aria-hidden="true" /> {file.fileName}
              </Link>
            ))}
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}

/** A line of one's own not yet stored: being sent, or waiting for the connection. */
export function PendingLine({ line }: { line: QueuedLine }) {
  return (
    <Stack as="li" gap="1" alignSelf="flex-end" maxW="85%">
      <Text fontSize="xs" color="fg.muted" textAlign="end">
        {line.state === 'waiting' ? 'Waiting for connection…' : 'Sending…'}
      </Text>
      <Box
        px="3"
        py="2"
        borderRadius="l3"
        borderWidth="1px"
        borderStyle="dashed"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        fontSize="sm"
      >
        {line.message}
      </Box>
    </Stack>
  );
}
