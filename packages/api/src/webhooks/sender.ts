import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import {
  addressAllowed,
  guardedLookup,
  literalAddressOf,
  type WebhookTargetPolicy,
} from './targets.ts';

/** One signed POST of a delivery. */
export interface OutgoingWebhook {
  url: string;
  /** The subscription's `whsec_` secret. */
  secret: string;
  /** `webhook-id`: the same on every attempt of one message. */
  messageId: string;
  /** The JSON body, signed exactly as sent. */
  payload: string;
}

export interface SendOutcome {
  /** A 2xx answer. */
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, in words (a status, a refused address, a time-out). */
  error: string | null;
}

export interface WebhookSender {
  send(message: OutgoingWebhook): Promise<SendOutcome>;
}

/** How long a receiver has to answer before the attempt counts as failed. */
export const SEND_TIMEOUT_MS = 10_000;

/** What is read of an answer: its status decides; the body is only drained. */
function drain(response: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    response.on('data', () => {});
    response.on('end', resolve);
    response.on('error', () => resolve());
    response.on('close', resolve);
  });
}

/** The Standard Webhooks headers of one message, signed with the secret at `signedAt`. */
export function signedHeaders(message: OutgoingWebhook, signedAt: Date): Record<string, string> {
  const signature = new Webhook(message.secret).sign(message.messageId, signedAt, message.payload);
  return {
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/**
 * Sends over HTTP(S) with node's client: no redirects are followed, every address connected to
 * is checked against the policy, and the signature's timestamp is the wall clock at sending
 * (receivers compare it with theirs), whatever clock schedules the attempts.
 */
export function createHttpSender(options: {
  policy: WebhookTargetPolicy;
  timeoutMs?: number;
  wallClock?: () => Date;
}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const wallClock = options.wallClock ?? (() => new Date());
  return {
    send(message) {
      return new Promise<SendOutcome>((resolve) => {
        const literal = literalAddressOf(message.url);
        if (literal !== null && !addressAllowed(literal, options.policy)) {
          resolve({ ok: false, statusCode: null, error: 'The address may not be reached' });
          return;
        }
        const body = Buffer.from(message.payload);
        const url = new URL(message.url);
        const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
        const req = send(
          url,
          {
            method: 'POST',
            lookup: guardedLookup(options.policy),
            timeout: timeoutMs,
            headers: {
              'content-type': 'application/json',
              'content-length': String(body.length),
              'user-agent': 'HorizonBank-Webhooks/1.0',
              ...signedHeaders(message, wallClock()),
            },
          },
          (response) => {
            const statusCode = response.statusCode ?? 0;
            void drain(response).then(() => {
              const ok = statusCode >= 200 && statusCode < 300;
              resolve({ ok, statusCode, error: ok ? null : `Answered ${statusCode}` });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs} ms`)));
        req.on('error', (error) =>
          resolve({ ok: false, statusCode: null, error: error.message.slice(0, 500) }),
        );
        req.end(body);
      });
    },
  };
}
