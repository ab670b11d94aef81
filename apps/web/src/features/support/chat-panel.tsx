import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, supportMessages } from '@bank/validators/support';
import {
  Box,
  CloseButton,
  Flex,
  HStack,
  IconButton,
  Link,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { LuPaperclip, LuSend } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { type LiveEvent, onLiveEvent } from '../../lib/live-events.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { UploadFailed, uploadChatFiles } from './upload.ts';

type ChatMessage = RouterOutputs['support']['messages']['messages'][number];

interface QueuedLine {
  clientId: string;
  message: string;
  state: 'sending' | 'waiting';
}

const HEARTBEAT_MS = 30_000;
const TYPING_EVERY_MS = 3_000;
const TYPING_SHOWN_MS = 4_000;
const RETRY_MS = 4_000;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

function isChatMessage(value: Record<string, unknown>): value is ChatMessage {
  return (
    typeof value.id === 'string' &&
    typeof value.message === 'string' &&
    typeof value.createdAt === 'string' &&
    typeof value.sender === 'object' &&
    value.sender !== null
  );
}

function inOrder(messages: ChatMessage[]): ChatMessage[] {
  return [...messages].sort((a, b) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt),
  );
}

/** A lost connection (no answer at all): the line waits and is sent again later. */
function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return apiErrorInfo(error).network;
}

function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
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

/**
 * A ticket's live chat (SPEC.md 2.23): the stored conversation in order, new lines as they
 * arrive over the one subscription, Enter to send, lines queued while the connection is down.
 */
export function ChatPanel(props: {
  ticketId: string;
  title: string;
  mode: 'customer' | 'staff';
  onClose?: () => void;
  /** A floating panel keeps a fixed height; inline it grows with the page. */
  height?: string;
}) {
  const { ticketId, mode } = props;
  const me = useCurrentUser();
  const utils = trpc.useUtils();
  const conversation = trpc.support.messages.useQuery({ id: ticketId });
  const send = trpc.support.send.useMutation();
  const join = trpc.support.joinChat.useMutation();
  const leave = trpc.support.leaveChat.useMutation();
  const typing = trpc.support.typing.useMutation();
  const [draft, setDraft] = useState('');
  const [queue, setQueue] = useState<QueuedLine[]>([]);
  const [typingName, setTypingName] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const lastTypingSent = useRef(0);
  const flushing = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<number | null>(null);

  const { mutate: joinMutate } = join;
  const { mutate: leaveMutate } = leave;
  // join_support_chat on open (and as a heartbeat), leave_support_chat on close.
  useEffect(() => {
    joinMutate({ ticketId });
    const timer = setInterval(() => joinMutate({ ticketId }), HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
      leaveMutate({ ticketId });
    };
  }, [ticketId, joinMutate, leaveMutate]);

  const addMessage = useCallback(
    (message: ChatMessage) => {
      utils.support.messages.setData({ id: ticketId }, (current) => {
        if (!current) return current;
        if (current.messages.some((known) => known.id === message.id)) return current;
        return { ...current, messages: inOrder([...current.messages, message]) };
      });
    },
    [utils, ticketId],
  );

  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLiveEvent((event: LiveEvent) => {
      if (event.data.ticketId !== ticketId) return;
      if (event.type === 'new_support_message' && event.data.truncated === true) {
        // A long line came cut short (NOTIFY's size limit): read the whole one back.
        void utils.support.messages.invalidate({ id: ticketId });
      } else if (event.type === 'new_support_message' && isChatMessage(event.data)) {
        addMessage(event.data);
        if (event.data.sender.id !== me.id) setTypingName(null);
      } else if (event.type === 'support:typing' && mode === 'staff') {
        const at = typeof event.data.at === 'string' ? Date.parse(event.data.at) : 0;
        // A replayed old event (after a reconnect) is not "typing now".
        if (Date.now() - at > 2 * TYPING_SHOWN_MS) return;
        setTypingName(typeof event.data.name === 'string' ? event.data.name : 'The customer');
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTypingName(null), TYPING_SHOWN_MS);
      } else if (event.type === 'support:agent_joined' && mode === 'customer') {
        const name = typeof event.data.agentName === 'string' ? event.data.agentName : 'An agent';
        setNotice(`${name} joined the chat`);
      } else if (event.type === 'support:ticket_updated') {
        void utils.support.messages.invalidate({ id: ticketId });
      }
    });
    return () => {
      stop();
      clearTimeout(typingTimer);
    };
  }, [ticketId, mode, me.id, addMessage, utils]);

  const { mutateAsync: sendAsync } = send;
  /** Sends the queued lines in order; a lost connection leaves the rest waiting. */
  const flush = useCallback(
    async (lines: QueuedLine[]) => {
      if (flushing.current) return;
      flushing.current = true;
      try {
        for (const line of lines) {
          setQueue((current) =>
            current.map((q) => (q.clientId === line.clientId ? { ...q, state: 'sending' } : q)),
          );
          try {
            const answer = await sendAsync({
              ticketId,
              message: line.message,
              clientId: line.clientId,
            });
            addMessage(answer.data);
            setQueue((current) => current.filter((q) => q.clientId !== line.clientId));
          } catch (error) {
            if (isOffline(error)) {
              setQueue((current) =>
                current.map((q) => (q.clientId === line.clientId ? { ...q, state: 'waiting' } : q)),
              );
              return;
            }
            setQueue((current) => current.filter((q) => q.clientId !== line.clientId));
            notify({ type: 'error', message: errorMessage(error, 'Failed to add response') });
          }
        }
      } finally {
        flushing.current = false;
      }
    },
    [sendAsync, ticketId, addMessage],
  );

  // Waiting lines go out when the browser is back online, and are retried every few seconds.
  useEffect(() => {
    if (queue.length === 0) return;
    const retry = () => {
      if (!flushing.current) void flush(queue);
    };
    window.addEventListener('online', retry);
    const timer = setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [queue, flush]);

  // The newest line stays in view.
  const count = (conversation.data?.messages.length ?? 0) + queue.length;
  useEffect(() => {
    const list = listRef.current;
    if (list && count >= 0) list.scrollTop = list.scrollHeight;
  }, [count]);

  function submit() {
    const message = draft.trim();
    if (!message) return;
    const line: QueuedLine = { clientId: crypto.randomUUID(), message, state: 'sending' };
    setDraft('');
    const next = [...queue, line];
    setQueue(next);
    void flush(next.filter((q) => q.clientId === line.clientId || q.state === 'waiting'));
  }

  /** Images go with the typed text (or a line naming them) as one message, with progress. */
  async function attach(files: File[]) {
    if (files.length === 0) return;
    if (files.length > MAX_ATTACHMENTS) {
      notify({ type: 'error', message: supportMessages.tooManyFiles });
      return;
    }
    if (files.some((file) => file.size > MAX_ATTACHMENT_BYTES)) {
      notify({ type: 'error', message: supportMessages.fileTooLarge });
      return;
    }
    if (files.some((file) => !IMAGE_TYPES.includes(file.type))) {
      notify({ type: 'error', message: supportMessages.fileType });
      return;
    }
    const typed = draft.trim();
    const message =
      typed.length >= 5
        ? typed
        : `${typed ? `${typed} ` : ''}Attached ${files.map((f) => f.name).join(', ')}`;
    setUploading(0);
    try {
      const data = await uploadChatFiles(ticketId, message, files, setUploading);
      if (isChatMessage(data)) addMessage(data);
      setDraft('');
    } catch (error) {
      const detail = error instanceof UploadFailed ? error.details[0]?.message : undefined;
      notify({
        type: 'error',
        message: detail ?? (error instanceof Error ? error.message : 'Failed to add response'),
      });
    } finally {
      setUploading(null);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter makes a new line (and IME composition is left alone).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function onDraftChange(value: string) {
    setDraft(value);
    const now = Date.now();
    if (mode === 'customer' && value.trim() && now - lastTypingSent.current > TYPING_EVERY_MS) {
      lastTypingSent.current = now;
      typing.mutate({ ticketId });
    }
  }

  const messages = conversation.data?.messages ?? [];
  // A line whose copy already came back live (its id is the client's) is shown once.
  const pending = queue.filter((line) => !messages.some((known) => known.id === line.clientId));
  const waiting = queue.some((line) => line.state === 'waiting');
  return (
    <Flex
      direction="column"
      h={props.height ?? 'full'}
      minH="0"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
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
      {notice ? (
        <Text px="4" py="1.5" fontSize="xs" bg="bg.muted" color="fg.muted" role="status">
          {notice}
        </Text>
      ) : null}
      <Box
        ref={listRef}
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
        {conversation.isError ? (
          <ErrorAlert>{errorMessage(conversation.error, 'Failed to fetch messages')}</ErrorAlert>
        ) : conversation.isPending ? (
          <Flex justify="center" py="6">
            <Spinner size="sm" aria-label="Loading messages" />
          </Flex>
        ) : messages.length === 0 && pending.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" textAlign="center" py="6">
            {mode === 'customer'
              ? 'Send a message and our support team will answer here.'
              : 'No messages yet.'}
          </Text>
        ) : null}
        <Box as="ul" display="flex" flexDirection="column" gap="3" m="0" p="0" listStyleType="none">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} own={message.sender.id === me.id} />
          ))}
          {pending.map((line) => (
            <Stack key={line.clientId} as="li" gap="1" alignSelf="flex-end" maxW="85%">
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
          ))}
        </Box>
      </Box>
      <Text px="4" minH="5" fontSize="xs" color="fg.muted" aria-live="polite">
        {uploading !== null
          ? `Uploading… ${Math.round(uploading * 100)}%`
          : typingName
            ? `${typingName} is typing…`
            : waiting
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
          submit();
        }}
      >
        <IconButton
          type="button"
          variant="ghost"
          aria-label="Attach images"
          onClick={() => fileInput.current?.click()}
          loading={uploading !== null}
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
            void attach(chosen);
          }}
        />
        <Textarea
          aria-label="Message"
          placeholder="Type a message…"
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          resize="none"
          maxLength={5000}
        />
        <IconButton type="submit" aria-label="Send message" disabled={!draft.trim()}>
          <LuSend />
        </IconButton>
      </HStack>
    </Flex>
  );
}
