// Prints the closing 'N passed, N failed' line over every runner's JSON report in a folder, and
// before it each failed test with the start of its error: CI keeps only the end of the output,
// and a failure scrolled out of it would be a failure nobody can name.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2];
const root = process.cwd();
let passed = 0;
let failed = 0;
let skipped = 0;
/** `report file: test name` and the first lines of what it failed with. */
const failures = [];

const firstLines = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in runners' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6)
    .join('\n    ');

function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      failures.push({
        where: `${file}: ${spec.title}`,
        error: firstLines(last?.error?.message ?? last?.status),
      });
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, child.file ?? file);
}

for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const run = file.replace(/\.json$/, '');
  if (typeof report.numPassedTests === 'number') {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const name = relative(root, result.name);
      const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const test of failedTests) {
        failures.push({
          where: `${run} ${name}: ${test.fullName}`,
          error: firstLines(test.failureMessages?.join('\n')),
        });
      }
      // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
      if (result.status === 'failed' && failedTests.length === 0) {
        failed += 1;
        failures.push({ where: `${run} ${name}`, error: firstLines(result.message) });
      }
    }
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, suite.file ?? run);
  }
}
for (const { where, error } of failures) console.log(`FAILED ${where}\n    ${error}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
