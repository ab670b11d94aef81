/**
 * wrk as the load generator: a C client with two threads, as pgbench's own (-j 2), so it takes
 * no more of the two cores than pgbench does. Its Lua script is written here from the customers
 * and the workload; `done` prints one JSON line that is read back.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type Customer,
  depositFields,
  type LoadResult,
  maxAmountCents,
  mixedShares,
  refusalMessages,
  routes,
  withdrawalFields,
} from './workload.ts';

/** wrk from Debian when it is there (installed here if we are root). */
export function findWrk(): string | null {
  const has = () => spawnSync('wrk', ['--version']).error === undefined;
  if (has()) return 'wrk';
  if (process.getuid?.() === 0) {
    console.info('bench: installing wrk (apt-get install wrk)…');
    spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (has()) return 'wrk';
  }
  return null;
}

/** Transfers only (with or without a fresh Idempotency-Key each), or the mixed load. */
export type WrkLoad = { transfers: { keyed: boolean } } | { mixed: true };

/** A Lua string literal: JSON's escapes of quotes and backslashes are Lua's too. */
const lua = (text: string) => JSON.stringify(text);

/** The customers, one key per request, and one builder per kind of request. */
function requestBuilders(customers: Customer[], keyed: boolean): string {
  const list = customers.map((c) => `{${lua(c.token)},${lua(c.accountNumber)}}`).join(',\n');
  // The bodies' fixed fields come from the workload, after the amount: `,"method":…}`.
  const depositRest = `,${JSON.stringify(depositFields).slice(1)}`;
  const withdrawalRest = `,${JSON.stringify(withdrawalFields).slice(1)}`;
  return `local customers = {
${list}
}
local n = #customers
local keyed = ${keyed}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

function init(args)
  math.randomseed(os.time() * 100 + tid)
end

-- A fresh key per request, as the SPA makes one per submission: thread, counter and a random
-- part, so no two requests of the run (nor of two runs) share one.
local sent = 0
local function idempotencyKey()
  sent = sent + 1
  return string.format("bench-%d-%d-%08x%08x", tid, sent, math.random(0, 2147483647),
    math.random(0, 2147483647))
end

local function amount()
  return string.format("%.2f", math.random(${maxAmountCents}) / 100)
end

local function post(path, customer, body)
  local headers = { ["Authorization"] = "Bearer " .. customer[1], ["Content-Type"] = "application/json" }
  if keyed then headers["Idempotency-Key"] = idempotencyKey() end
  return wrk.format("POST", path, headers, body)
end

local function transfer()
  local from = math.random(n)
  local to = ((from + math.random(n - 1) - 1) % n) + 1
  return post(${lua(routes.transfer.path)}, customers[from],
    '{"recipientAccountNumber":"' .. customers[to][2] .. '","amount":' .. amount() .. '}')
end

local function deposit()
  return post(${lua(routes.deposit.path)}, customers[math.random(n)],
    '{"amount":' .. amount() .. ${lua(depositRest)})
end

local function withdraw()
  return post(${lua(routes.withdraw.path)}, customers[math.random(n)],
    '{"amount":' .. amount() .. ${lua(withdrawalRest)})
end

local function history()
  return wrk.format("GET", ${lua(routes.history.path)},
    { ["Authorization"] = "Bearer " .. customers[math.random(n)][1] })
end
`;
}

/** Each request a kind drawn by the mixed load's shares. */
function mixedRequest(): string {
  const { transfer, deposit, withdraw } = mixedShares;
  return `
function request()
  local draw = math.random(100)
  if draw <= ${transfer} then return transfer() end
  if draw <= ${transfer + deposit} then return deposit() end
  if draw <= ${transfer + deposit + withdraw} then return withdraw() end
  return history()
end
`;
}

/**
 * Judges each answer as workload.ts's `judge` does. wrk tells a response nothing of its request,
 * so the kind is read from the answer: 200 is a history page, 201 names its transaction's type.
 */
function responseJudge(): string {
  const refusals = refusalMessages.map(lua).join(', ');
  return `
-- Flat tables: wrk's thread:get crashes copying a table that holds tables.
answered, refused, samples, failed = {}, {}, {}, 0
local refusals = { ${refusals} }

local function count(map, name)
  map[name] = (map[name] or 0) + 1
end

function response(status, headers, body)
  if status == 200 then return count(answered, "history") end
  if status == 201 then return count(answered, body:match('"type":"([%a_]+)"') or "unknown") end
  if status == 400 then
    for _, message in ipairs(refusals) do
      if body:find('"message":"' .. message, 1, true) then return count(refused, message) end
    end
  end
  failed = failed + 1
  if #samples < 3 then table.insert(samples, status .. " " .. body:sub(1, 200)) end
end
`;
}

/** Sums the threads' tallies (if any) and prints the summary as one JSON line. */
function summary(): string {
  return String.raw`
local function add(into, from)
  for name, value in pairs(from) do into[name] = (into[name] or 0) + value end
end

local function object(map)
  local parts = {}
  for name, value in pairs(map) do table.insert(parts, string.format('"%s":%d', name, value)) end
  return "{" .. table.concat(parts, ",") .. "}"
end

function done(summary, latency, requests)
  local total = { answered = {}, refused = {}, failed = 0 }
  for _, thread in ipairs(threads) do
    -- Nil in the transfer phases, which keep no tally.
    add(total.answered, thread:get("answered") or {})
    add(total.refused, thread:get("refused") or {})
    total.failed = total.failed + (thread:get("failed") or 0)
    for _, sample in ipairs(thread:get("samples") or {}) do
      io.write("WRK-FAILED ", (sample:gsub("%s", " ")), "\n")
    end
  end
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"duration_us":%d,"status_errors":%d,"socket_errors":%d,"p50_us":%d,"p99_us":%d,"answered":%s,"refused":%s,"failed":%d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), object(total.answered), object(total.refused),
    total.failed))
end
`;
}

export function wrkScript(customers: Customer[], load: WrkLoad): string {
  if ('mixed' in load)
    return requestBuilders(customers, true) + mixedRequest() + responseJudge() + summary();
  // The transfer phases judge answers by wrk's own count of non-2xx (no `response` hook), as
  // this bench always has: the hook costs the load generator CPU on every answer.
  return (
    requestBuilders(customers, load.transfers.keyed) +
    'function request() return transfer() end\n' +
    summary()
  );
}

const wrkSummary = z.object({
  requests: z.number(),
  duration_us: z.number(),
  status_errors: z.number(),
  socket_errors: z.number(),
  p50_us: z.number(),
  p99_us: z.number(),
  // Empty Lua tables print as `{}`: fine for both.
  answered: z.record(z.string(), z.number()),
  refused: z.record(z.string(), z.number()),
  failed: z.number(),
});

export function runWrk(
  wrk: string,
  options: { port: number; clients: number; seconds: number; customers: Customer[]; load: WrkLoad },
): LoadResult {
  const script = join(mkdtempSync(join(tmpdir(), 'bank-bench-wrk-')), 'load.lua');
  writeFileSync(script, wrkScript(options.customers, options.load));
  const output = execFileSync(
    wrk,
    [
      ...['-t', '2', '-c', String(options.clients), '-d', `${options.seconds}s`, '-s', script],
      `http://127.0.0.1:${options.port}`,
    ],
    { encoding: 'utf8' },
  );
  const lines = output.split('\n');
  const line = lines.find((l) => l.startsWith('WRK '));
  if (!line) throw new Error(`could not read wrk output:\n${output}`);
  const result = wrkSummary.parse(JSON.parse(line.slice(4)));
  const timing = {
    client: 'wrk' as const,
    elapsed: result.duration_us / 1e6,
    p50: result.p50_us / 1000,
    p99: result.p99_us / 1000,
    failureSamples: lines.filter((l) => l.startsWith('WRK-FAILED ')).map((l) => l.slice(11)),
  };
  if ('mixed' in options.load) {
    return {
      ...timing,
      answered: result.answered,
      refused: result.refused,
      failed: result.failed + result.socket_errors,
    };
  }
  return {
    ...timing,
    answered: { transfer: result.requests - result.status_errors },
    refused: {},
    failed: result.status_errors + result.socket_errors,
  };
}
