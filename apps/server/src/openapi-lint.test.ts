import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFileTestServer } from './testing.ts';

// From the API review for integrators: the served document lints clean under Redocly's strictest built-in rule set.

const redocly = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));
const spectral = fileURLToPath(new URL('../node_modules/.bin/spectral', import.meta.url));
const { server } = await createFileTestServer();
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the served OpenAPI document', () => {
  it('passes `redocly lint --extends recommended-strict`', { timeout: 120_000 }, async () => {
    const response = await server.inject({ method: 'GET', url: '/api/v1/openapi.json' });
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

  // Spectral's `oas` ruleset too (it found the relative contact and licence URLs).
  it('passes `spectral lint` with the `spectral:oas` ruleset', { timeout: 120_000 }, async () => {
    const response = await server.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const file = join(dir, 'spectral-openapi.json');
    writeFileSync(file, response.body);
    const ruleset = join(dir, '.spectral.yaml');
    writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
    const run = await promisify(execFile)(
      spectral,
      ['lint', '--ruleset', ruleset, '--format', 'json', '--fail-severity', 'hint', file],
      { env: { PATH: process.env.PATH, HOME: dir, NO_COLOR: '1' }, maxBuffer: 32 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''} (exit ${error.code})`,
    }));
    // The JSON list comes first; a summary line may follow it.
    const json = run.stdout.slice(run.stdout.indexOf('['), run.stdout.lastIndexOf(']') + 1);
    const problems = z
      .array(z.object({ code: z.union([z.string(), z.number()]), message: z.string() }))
      .parse(JSON.parse(json));
    expect(
      problems.map((p) => `${p.code}: ${p.message}`),
      run.stderr,
    ).toEqual([]);
  });
});
