import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, supportMessages } from '@bank/validators/support';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { type LiveEvent, onLiveEvent } from '../../lib/live-events.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { UploadFailed, uploadChatFiles } from './upload.ts';

export type ChatMessage = RouterOutputs['support']['messages']['messages'][number];

export interface QueuedLine {
  clientId: string;
  message: string;
  state: 'sending' | 'waiting';
}

const HEARTBEAT_MS = 30_000;
const TYPING_EVERY_MS = 3_000;
const TYPING_SHOWN_MS = 4_000;
const RETRY_MS = 4_000;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

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

/**
 * A ticket's live chat without its drawing (docs/product.md 2.23): the stored conversation, lines
 * as they arrive over the one subscription, the queue of lines waiting for a connection, typing
 * notices and image uploads. `listRef` goes on the scrolled list, kept at its newest line.
 */
export function useChat(ticketId: string, mode: 'customer' | 'staff') {
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
  return {
    me,
    conversation,
    messages,
    pending,
    waiting,
    draft,
    typingName,
    notice,
    uploading,
    listRef,
    submit,
    attach,
    onKeyDown,
    onDraftChange,
  };
}
