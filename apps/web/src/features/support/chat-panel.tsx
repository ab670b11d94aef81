import {
  Box,
  CloseButton,
  Flex,
  type FlexProps,
  HStack,
  IconButton,
  Spinner,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useRef } from 'react';
import { LuPaperclip, LuSend } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { MessageBubble, PendingLine } from './chat-message.tsx';
import { IMAGE_TYPES, useChat } from './use-chat.ts';

/**
 * A ticket's live chat (docs/product.md 2.23): the stored conversation in order, new lines as they
 * arrive over the one subscription, Enter to send, lines queued while the connection is down.
 */
export function ChatPanel(props: {
  ticketId: string;
  title: string;
  mode: 'customer' | 'staff';
  onClose?: () => void;
  /** A floating panel keeps a fixed height; inline it grows with the page. */
  height?: FlexProps['h'];
  /** A phone's full-screen sheet has square corners. */
  borderRadius?: FlexProps['borderRadius'];
}) {
  const { mode } = props;
  const chat = useChat(props.ticketId, mode);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Flex
      direction="column"
      h={props.height ?? 'full'}
      minH="0"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius={props.borderRadius ?? 'l3'}
      overflow="hidden"
    >
      <HStack px="4" py="3" borderBottomWidth="1px" justify="space-between" gap="2">
        <Text as="h2" fontWeight="semibold" fontSize="md" truncate>
          {props.title}
        </Text>
        {props.onClose ? (
          <CloseButton size="sm" aria-label="Close chat" onClick={props.onClose} />
        ) : null}
      </HStack>
      {chat.notice ? (
        <Text px="4" py="1.5" fontSize="xs" bg="bg.muted" color="fg.muted" role="status">
          {chat.notice}
        </Text>
      ) : null}
      <Box
        ref={chat.listRef}
        flex="1"
        minH="0"
        overflowY="auto"
        px="4"
        py="3"
        role="log"
        aria-label="Messages"
        aria-live="polite"
        tabIndex={0}
      >
        {chat.conversation.isError ? (
          <ErrorAlert>
            {errorMessage(chat.conversation.error, 'Failed to fetch messages')}
          </ErrorAlert>
        ) : chat.conversation.isPending ? (
          <Flex justify="center" py="6">
            <Spinner size="sm" aria-label="Loading messages" />
          </Flex>
        ) : chat.messages.length === 0 && chat.pending.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" textAlign="center" py="6">
            {mode === 'customer'
              ? 'Send a message and our support team will answer here.'
              : 'No messages yet.'}
          </Text>
        ) : null}
        <Box as="ul" display="flex" flexDirection="column" gap="3" m="0" p="0" listStyleType="none">
          {chat.messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              own={message.sender.id === chat.me.id}
            />
          ))}
          {chat.pending.map((line) => (
            <PendingLine key={line.clientId} line={line} />
          ))}
        </Box>
      </Box>
      <Text px="4" minH="5" fontSize="xs" color="fg.muted" aria-live="polite">
        {chat.uploading !== null
          ? `Uploading… ${Math.round(chat.uploading * 100)}%`
          : chat.typingName
            ? `${chat.typingName} is typing…`
            : chat.waiting
              ? 'Offline: messages will be sent when the connection is back.'
              : ''}
      </Text>
      <HStack
        as="form"
        px="3"
        pb="3"
        pt="1"
        gap="2"
        align="flex-end"
        onSubmit={(event) => {
          event.preventDefault();
          chat.submit();
        }}
      >
        <IconButton
          type="button"
          variant="ghost"
          aria-label="Attach images"
          onClick={() => fileInput.current?.click()}
          loading={chat.uploading !== null}
        >
          <LuPaperclip />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={IMAGE_TYPES.join(',')}
          data-testid="chat-attachments-input"
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            void chat.attach(chosen);
          }}
        />
        <Textarea
          aria-label="Message"
          placeholder="Type a message…"
          value={chat.draft}
          onChange={(event) => chat.onDraftChange(event.target.value)}
          onKeyDown={chat.onKeyDown}
          rows={2}
          resize="none"
          maxLength={5000}
        />
        <IconButton type="submit" aria-label="Send message" disabled={!chat.draft.trim()}>
          <LuSend />
        </IconButton>
      </HStack>
    </Flex>
  );
}
