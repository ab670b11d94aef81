/**
 * The fairness phase: one customer floods the API with history reads from many
 * connections at once while another reads their own history one request at a time. The other
 * customer's p99 under the flood should stay within 3x their quiet p99; the flooder's calls
 * beyond its bound in flight are answered 429 (fairness.ts), not queued.
 */
import { NodeClient, percentile } from './node-client.ts';
import type { Customer } from './workload.ts';

export interface FairnessPhase {
  floodClients: number;
  seconds: number;
  quietP99: number;
  floodedP99: number;
  ratio: number;
  otherRequests: { quiet: number; flooded: number };
  flooder: { ok: number; refused429: number; other: number };
}

/** One customer's history, one request at a time, until `end`: each answer's latency. */
async function readAlone(client: NodeClient, token: string, end: number): Promise<number[]> {
  const latencies: number[] = [];
  while (performance.now() < end) {
    const t0 = performance.now();
    const answer = await client.send({ kind: 'history', token });
    latencies.push(performance.now() - t0);
    if (answer.status !== 200) throw new Error(`the other customer got ${answer.status}`);
  }
  return latencies.sort((a, b) => a - b);
}

export async function measureFairness(options: {
  port: number;
  customers: Customer[];
  seconds: number;
  floodClients: number;
}): Promise<FairnessPhase> {
  const [flooder, other] = options.customers;
  if (!flooder || !other) throw new Error('the fairness phase needs two customers');
  const otherClient = new NodeClient(options.port, 1);
  // Warm-up, then the quiet baseline.
  await readAlone(otherClient, other.token, performance.now() + 1000);
  const quiet = await readAlone(
    otherClient,
    other.token,
    performance.now() + options.seconds * 1000,
  );

  const floodClient = new NodeClient(options.port, options.floodClients);
  const flooder_ = { ok: 0, refused429: 0, other: 0 };
  const end = performance.now() + options.seconds * 1000;
  const flood = async () => {
    while (performance.now() < end) {
      const answer = await floodClient.send({ kind: 'history', token: flooder.token });
      if (answer.status === 200) flooder_.ok += 1;
      else if (answer.status === 429) flooder_.refused429 += 1;
      else flooder_.other += 1;
    }
  };
  const [flooded] = await Promise.all([
    readAlone(otherClient, other.token, end),
    ...Array.from({ length: options.floodClients }, flood),
  ]);
  const quietP99 = percentile(quiet, 99);
  const floodedP99 = percentile(flooded, 99);
  return {
    floodClients: options.floodClients,
    seconds: options.seconds,
    quietP99,
    floodedP99,
    ratio: floodedP99 / quietP99,
    otherRequests: { quiet: quiet.length, flooded: flooded.length },
    flooder: flooder_,
  };
}
