import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { knownFlakesFile, readKnownFlakes, summarize } from './summarize-tests.mjs';

/** A Playwright JSON report's shape, cut down to what the summary reads. */
function playwrightReport(
  tests: Array<{ file: string; title: string; status: string; tries: string[] }>,
) {
  const count = (status: string) => tests.filter((test) => test.status === status).length;
  return {
    stats: {
      expected: count('expected'),
      unexpected: count('unexpected'),
      flaky: count('flaky'),
      skipped: count('skipped'),
    },
    suites: [...new Set(tests.map((test) => test.file))].map((file) => ({
      title: file,
      file,
      specs: [],
      suites: [
        {
          title: 'a describe block',
          file,
          specs: tests
            .filter((test) => test.file === file)
            .map((test) => ({
              title: test.title,
              tests: [
                {
                  status: test.status,
                  results: test.tries.map((status, retry) => ({
                    status,
                    retry,
                    ...(status === 'passed'
                      ? {}
                      : { error: { message: `Timed out on try ${retry + 1}` } }),
                  })),
                },
              ],
            })),
        },
      ],
    })),
  };
}

const vitestReport = {
  numPassedTests: 10,
  numFailedTests: 0,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    { name: '/repo/packages/api/src/a.test.ts', status: 'passed', assertionResults: [] },
  ],
};

const journeys = playwrightReport([
  { file: 'auth.spec.ts', title: 'signs in', status: 'expected', tries: ['passed'] },
  { file: 'money.spec.ts', title: 'transfers', status: 'flaky', tries: ['failed', 'passed'] },
  { file: 'support.spec.ts', title: 'chats', status: 'expected', tries: ['passed'] },
]);

describe('the test summary', () => {
  it('counts a journey that passed only on a retry as failed, and names it', () => {
    const { lines, failed } = summarize(
      [
        { name: 'pglite.json', report: vitestReport },
        { name: 'e2e.json', report: journeys },
      ],
      { cwd: '/repo' },
    );
    expect(failed).toBe(true);
    expect(lines).toEqual([
      'FAILED (passed only on retry) e2e money.spec.ts: transfers [passed on try 2]',
      '    Timed out on try 1',
      'e2e: 2 passed, 1 failed, 0 skipped (1 passed only on retry)',
      'tests: 12 passed, 1 failed, 1 skipped',
    ]);
  });

  it('counts a listed known flake as passed, still naming it with its reason', () => {
    const knownFlakes = readKnownFlakes(
      JSON.stringify([{ file: 'money.spec.ts', reason: 'The payee page races the socket' }]),
    );
    const { lines, failed } = summarize([{ name: 'e2e.json', report: journeys }], {
      knownFlakes,
    });
    expect(failed).toBe(false);
    expect(lines).toEqual([
      'RETRIED (known flake) e2e money.spec.ts: transfers [passed on try 2] The payee page races the socket',
      '    Timed out on try 1',
      'e2e: 3 passed, 0 failed, 0 skipped (1 passed only on retry)',
      'tests: 3 passed, 0 failed, 0 skipped',
    ]);
  });

  it('matches a known flake by title when one is given', () => {
    const knownFlakes = [{ file: 'money.spec.ts', title: 'withdraws', reason: 'Another test' }];
    expect(summarize([{ name: 'e2e.json', report: journeys }], { knownFlakes }).failed).toBe(true);
  });

  it('names failed tests, and a file that failed before its tests ran', () => {
    const { lines, failed } = summarize(
      [
        {
          name: 'postgres.json',
          report: {
            numPassedTests: 3,
            numFailedTests: 1,
            numPendingTests: 0,
            testResults: [
              {
                name: '/repo/a.test.ts',
                status: 'failed',
                assertionResults: [
                  { status: 'failed', fullName: 'a thing works', failureMessages: ['expected 1'] },
                ],
              },
              { name: '/repo/b.test.ts', status: 'failed', message: 'Cannot find module' },
            ],
          },
        },
        {
          name: 'e2e.json',
          report: playwrightReport([
            { file: 'auth.spec.ts', title: 'signs in', status: 'unexpected', tries: ['failed'] },
          ]),
        },
      ],
      { cwd: '/repo' },
    );
    expect(failed).toBe(true);
    expect(lines).toEqual([
      'FAILED postgres a.test.ts: a thing works',
      '    expected 1',
      'FAILED postgres b.test.ts',
      '    Cannot find module',
      'FAILED e2e auth.spec.ts: signs in',
      '    Timed out on try 1',
      'e2e: 0 passed, 1 failed, 0 skipped (0 passed only on retry)',
      'tests: 3 passed, 3 failed, 0 skipped',
    ]);
  });

  it('fails a run in which nothing passed', () => {
    expect(summarize([]).failed).toBe(true);
  });

  it('reads the repository’s list of known flakes, each with a reason', () => {
    const listed = readKnownFlakes(readFileSync(knownFlakesFile, 'utf8'));
    for (const entry of listed) expect(entry.reason.trim()).not.toBe('');
    expect(() => readKnownFlakes('[{ "file": "money.spec.ts" }]')).toThrow('a file and a reason');
  });
});
