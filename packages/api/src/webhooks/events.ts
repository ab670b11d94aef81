import type { WebhookEventType } from '@bank/validators/webhooks';
import type { AppEvent } from '../realtime/events.ts';

/** What one webhook message tells: its type and its `data` (the body adds `type`, `timestamp`). */
export interface WebhookMessage {
  type: WebhookEventType;
  data: Record<string, string | number | boolean | null>;
}

/**
 * The webhook messages a customer's logged event makes (none for most events). A movement that
 * lands already completed (a transfer between customers) is both created and completed, so an
 * app listening for completions alone hears of every one.
 */
export function webhookMessagesOf(userId: string, event: AppEvent): WebhookMessage[] {
  switch (event.type) {
    case 'transaction:new': {
      const data = {
        customerId: userId,
        transactionId: event.data.transactionId,
        transactionType: event.data.type,
        status: event.data.status,
        amount: event.data.amount,
        direction: event.data.direction,
        description: event.data.description,
      };
      const messages: WebhookMessage[] = [{ type: 'transaction.created', data }];
      if (event.data.status === 'completed') messages.push({ type: 'transaction.completed', data });
      if (event.data.status === 'failed') messages.push({ type: 'transaction.failed', data });
      return messages;
    }
    case 'transaction:updated': {
      if (event.data.status !== 'completed' && event.data.status !== 'failed') return [];
      return [
        {
          type: event.data.status === 'completed' ? 'transaction.completed' : 'transaction.failed',
          data: {
            customerId: userId,
            transactionId: event.data.transactionId,
            transactionType: event.data.type,
            status: event.data.status,
            amount: event.data.amount,
            description: event.data.description,
          },
        },
      ];
    }
    case 'loan:status':
      return [
        {
          type: 'loan.status_changed',
          data: {
            customerId: userId,
            loanId: event.data.loanId,
            status: event.data.status,
            reason: event.data.reason ?? null,
            overdue: event.data.overdue ?? false,
          },
        },
      ];
    default:
      return [];
  }
}

/**
 * The body of a message, as the Standard Webhooks specification recommends: `type`,
 * `timestamp` (when the event happened, ISO 8601) and `data`.
 */
export function webhookPayload(message: WebhookMessage, occurredAt: Date): string {
  return JSON.stringify({
    type: message.type,
    timestamp: occurredAt.toISOString(),
    data: message.data,
  });
}

/** `webhook-id`: one per event and type, the same to every subscription and on every retry. */
export function webhookMessageId(eventId: bigint, type: WebhookEventType): string {
  return `msg_${eventId}_${type.replace('.', '_')}`;
}
