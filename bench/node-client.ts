/**
 * The Node load generator: the fallback without wrk (it takes more of the two cores), and the
 * history phase's client. Requests are built from the same workload as wrk's script.
 */
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import {
  type Customer,
  depositFields,
  judge,
  type Kind,
  type LoadResult,
  maxAmountCents,
  mixedShares,
  routes,
  searchWords,
  withdrawalFields,
} from './workload.ts';

export interface BenchRequest {
  kind: Kind;
  token: string;
  /** Added to the route's query (a history search's `q=`). */
  query?: string;
  body?: string;
  idempotencyKey?: string;
}

/** Builds the next request of a client (0 … clients − 1). */
export type NextRequest = (client: number) => BenchRequest;

export class NodeClient {
  // A keep-alive agent with one socket per client: lighter than fetch, so the load generator
  // takes less of the two cores it shares with the API and PostgreSQL.
  private readonly agent: Agent;

  constructor(
    private readonly port: number,
    clients: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: clients });
  }

  /** The status, and the body of an answer that is not 2xx (to judge or show it). */
  send(request: BenchRequest): Promise<{ status: number; body: string }> {
    const { method, path: route } = routes[request.kind];
    const path = request.query ? `${route}&${request.query}` : route;
    const body = request.body;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            authorization: `Bearer ${request.token}`,
            ...(body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : {}),
            ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let text = '';
          res.on('data', (chunk) => {
            if (status >= 300) text += String(chunk);
          });
          res.on('end', () => resolve({ status, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** `concurrency` clients, each sending its next request as soon as the last is answered. */
  async load(seconds: number, next: NextRequest, concurrency: number): Promise<LoadResult> {
    const latencies: number[] = [];
    const answered: Record<string, number> = {};
    const refused: Record<string, number> = {};
    const failureSamples: string[] = [];
    let failed = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    const client = async (id: number) => {
      while (performance.now() < end) {
        const request = next(id);
        const t0 = performance.now();
        const answer = await this.send(request).catch((error: unknown) => ({
          status: 0,
          body: String(error),
        }));
        latencies.push(performance.now() - t0);
        const verdict = judge(answer.status, answer.body);
        if ('answered' in verdict) answered[request.kind] = (answered[request.kind] ?? 0) + 1;
        else if ('refused' in verdict)
          refused[verdict.refused] = (refused[verdict.refused] ?? 0) + 1;
        else {
          failed += 1;
          if (failureSamples.length < 5)
            failureSamples.push(`${answer.status} ${answer.body.slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, (_, id) => client(id)));
    latencies.sort((a, b) => a - b);
    return {
      client: 'node',
      elapsed: (performance.now() - started) / 1000,
      answered,
      refused,
      failed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failureSamples,
    };
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const randomIndex = (length: number) => Math.floor(Math.random() * length);

function pick(customers: Customer[]): Customer {
  const customer = customers[randomIndex(customers.length)];
  if (!customer) throw new Error('no customers');
  return customer;
}

function amount(): number {
  return (1 + randomIndex(maxAmountCents)) / 100;
}

/** A fresh key per request, as wrk's script makes them: client, counter and a random part. */
function keyMaker(): (client: number) => string {
  let sent = 0;
  return (client) => {
    sent += 1;
    return `bench-node-${client}-${sent}-${randomBytes(4).toString('hex')}`;
  };
}

/** Transfers between two different random customers, each with its own key when `keyed`. */
export function transfers(customers: Customer[], keyed: boolean): NextRequest {
  const key = keyMaker();
  return (client) => {
    const from = randomIndex(customers.length);
    const to = (from + 1 + randomIndex(customers.length - 1)) % customers.length;
    return {
      kind: 'transfer',
      token: customers[from]?.token ?? '',
      body: JSON.stringify({
        recipientAccountNumber: customers[to]?.accountNumber,
        amount: amount(),
      }),
      ...(keyed ? { idempotencyKey: key(client) } : {}),
    };
  };
}

/** Page 1 of a random customer's history. */
export function historyPages(customers: Customer[]): NextRequest {
  return () => ({ kind: 'history', token: pick(customers).token });
}

/** Page 1 of a random customer's history searched, the words taken in turn. */
export function historySearches(customers: Customer[]): NextRequest {
  let next = 0;
  return () => {
    const words = searchWords[next++ % searchWords.length] ?? '';
    return {
      kind: 'history',
      token: pick(customers).token,
      query: `q=${encodeURIComponent(words)}`,
    };
  };
}

/** The mixed load: each request a kind drawn by `mixedShares`, money moves keyed. */
export function mixed(customers: Customer[]): NextRequest {
  const transfer = transfers(customers, true);
  const history = historyPages(customers);
  const key = keyMaker();
  const { transfer: t, deposit: d, withdraw: w } = mixedShares;
  return (client) => {
    const draw = 1 + randomIndex(100);
    if (draw <= t) return transfer(client);
    if (draw > t + d + w) return history(client);
    const kind = draw <= t + d ? 'deposit' : 'withdraw';
    const fields = kind === 'deposit' ? depositFields : withdrawalFields;
    return {
      kind,
      token: pick(customers).token,
      body: JSON.stringify({ amount: amount(), ...fields }),
      idempotencyKey: key(client),
    };
  };
}
