import { useEffect } from 'react';
import { onLiveEvent } from '../../lib/live-events.ts';
import { trpc } from '../../lib/trpc.ts';

/** The events the server keeps in the inbox (api realtime/events.ts noticeOf): each may add one. */
const kept = new Set([
  'transaction:new',
  'transaction:updated',
  'loan:status',
  'ticket:response',
  'support:ticket_updated',
  'system:maintenance',
  'security:signin',
  'security:alert',
]);

/** Fetches the inbox (and its unread count) again whenever an event may have added to it. */
export function useLiveNotifications() {
  const utils = trpc.useUtils();
  useEffect(
    () =>
      onLiveEvent((event) => {
        if (kept.has(event.type)) void utils.notifications.list.invalidate();
      }),
    [utils],
  );
}
