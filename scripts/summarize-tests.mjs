// Prints the closing 'N passed, N failed' lines over every runner's JSON report in a folder, and
// before them each failed test with the start of its error: CI keeps only the end of the output,
// and a failure scrolled out of it would be a failure nobody can name. An end-to-end test that
// passed only on a retry is named too, and counts as failed unless it is a known flake
// (apps/web/e2e/known-flakes.json, each with its reason): a retry must not hide a flaky journey.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const knownFlakesFile = join(root, 'apps/web/e2e/known-flakes.json');

const firstLines = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in runners' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6)
    .join('\n    ');

/**
 * The known flakes: `[{ "file": "support.spec.ts", "title": "…", "reason": "…" }]`, `file` as
 * Playwright names it (under apps/web/e2e), `title` the test's (all of the file's without it).
 * An entry without a reason is refused: a flake is listed only with what is known of it.
 */
export function readKnownFlakes(text) {
  const entries = JSON.parse(text);
  if (!Array.isArray(entries)) throw new Error('known flakes: expected a list');
  for (const entry of entries) {
    if (
      typeof entry?.file !== 'string' ||
      typeof entry?.reason !== 'string' ||
      !entry.reason.trim()
    )
      throw new Error(
        `known flakes: each entry needs a file and a reason: ${JSON.stringify(entry)}`,
      );
  }
  return entries;
}

const knownFlake = (knownFlakes, file, title) =>
  knownFlakes.find((entry) => entry.file === file && (entry.title ?? title) === title);

/** Playwright's tests, from its nested suites, with the file each is in. */
function* playwrightTests(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) yield { file, title: spec.title, test };
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, child.file ?? file);
}

/**
 * Sums the reports (`{ name: report file, report: its parsed JSON }`): vitest's and Playwright's.
 * Answers the lines to print and whether the run failed.
 */
export function summarize(reports, { knownFlakes = [], cwd = process.cwd() } = {}) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const e2e = { passed: 0, failed: 0, retried: 0, skipped: 0, reports: 0 };
  const lines = [];
  for (const { name, report } of reports) {
    const run = name.replace(/\.json$/, '');
    if (typeof report.numPassedTests === 'number') {
      // vitest
      total.passed += report.numPassedTests;
      total.failed += report.numFailedTests;
      total.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
      for (const result of report.testResults ?? []) {
        const file = relative(cwd, result.name);
        const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
        for (const test of failedTests) {
          lines.push(`FAILED ${run} ${file}: ${test.fullName}`);
          lines.push(`    ${firstLines(test.failureMessages?.join('\n'))}`);
        }
        // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
        if (result.status === 'failed' && failedTests.length === 0) {
          total.failed += 1;
          lines.push(`FAILED ${run} ${file}`, `    ${firstLines(result.message)}`);
        }
      }
    } else if (report.stats) {
      // Playwright: 'expected' passed at once, 'flaky' passed on a retry, 'unexpected' failed.
      e2e.reports += 1;
      e2e.skipped += report.stats.skipped;
      for (const suite of report.suites ?? []) {
        for (const { file, title, test } of playwrightTests(suite, suite.file ?? run)) {
          const last = test.results?.at(-1);
          if (test.status === 'expected') e2e.passed += 1;
          else if (test.status === 'unexpected') {
            e2e.failed += 1;
            lines.push(`FAILED ${run} ${file}: ${title}`);
            lines.push(`    ${firstLines(last?.error?.message ?? last?.status)}`);
          } else if (test.status === 'flaky') {
            e2e.retried += 1;
            const known = knownFlake(knownFlakes, file, title);
            const first = test.results?.find((result) => result.status !== 'passed');
            const tries = test.results?.length ?? 0;
            if (known) e2e.passed += 1;
            else e2e.failed += 1;
            lines.push(
              `${known ? 'RETRIED (known flake)' : 'FAILED (passed only on retry)'} ${run} ${file}: ${title}` +
                ` [passed on try ${tries}]${known ? ` ${known.reason}` : ''}`,
            );
            lines.push(`    ${firstLines(first?.error?.message ?? first?.status)}`);
          }
        }
      }
    }
  }
  total.passed += e2e.passed;
  total.failed += e2e.failed;
  total.skipped += e2e.skipped;
  if (e2e.reports > 0) {
    lines.push(
      `e2e: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped` +
        ` (${e2e.retried} passed only on retry)`,
    );
  }
  lines.push(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return { lines, failed: total.failed > 0 || total.passed === 0 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2];
  const reports = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, report: JSON.parse(readFileSync(join(dir, name), 'utf8')) }));
  const knownFlakes = readKnownFlakes(readFileSync(knownFlakesFile, 'utf8'));
  const { lines, failed } = summarize(reports, { knownFlakes });
  for (const line of lines) console.log(line);
  process.exit(failed ? 1 : 0);
}
