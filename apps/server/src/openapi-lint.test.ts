import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestServer } from './testing.ts';

// From the API review for integrators: the served document lints clean under Redocly's strictest built-in rule set.

const redocly = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));
const started = useTestServer();
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the served OpenAPI document', () => {
  it('passes `redocly lint --extends recommended-strict`', { timeout: 120_000 }, async () => {
    const response = await started.server.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const file = join(dir, 'openapi.json');
    writeFileSync(file, response.body);
    const run = await promisify(execFile)(
      redocly,
      ['lint', '--extends', 'recommended-strict', '--format', 'json', file],
      {
        // Offline and quiet: no telemetry, no update check.
        env: {
          PATH: process.env.PATH,
          HOME: dir,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
        maxBuffer: 32 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''} (exit ${error.code})`,
    }));
    const report = z
      .object({
        totals: z.object({ errors: z.number(), warnings: z.number() }),
        problems: z.array(z.object({ ruleId: z.string(), message: z.string() })),
      })
      .parse(JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))));
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
