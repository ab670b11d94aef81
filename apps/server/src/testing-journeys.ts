import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// The client journeys (client-journey*/): a generated client typechecked, then run against a
// test server as Alice paying Bob.

export const run = promisify(execFile);

/** A command from node_modules/.bin: the server package's, or the repo root's with `from`. */
export const bin = (name: string, from = '../node_modules/.bin/') =>
  fileURLToPath(new URL(`${from}${name}`, import.meta.url));

/** Typechecks a journey's folder with its tsconfig.json, failing with the compiler's output. */
export async function typecheckJourney(journeyDir: string) {
  await run(bin('tsc', '../../../node_modules/.bin/'), ['-p', `${journeyDir}tsconfig.json`]).catch(
    (error: { stdout?: string }) => {
      throw new Error(`the journey does not typecheck:\n${error.stdout ?? String(error)}`);
    },
  );
}

/** Runs a journey's journey.ts against `origin`, signed in as Alice, paying Bob: its steps. */
export async function runJourney(
  journeyDir: string,
  origin: string,
  alice: { email: string; password: string },
  bob: { accountNumber: string },
) {
  const { stdout } = await run(bin('tsx', '../../../node_modules/.bin/'), [
    `${journeyDir}journey.ts`,
    origin,
    alice.email,
    alice.password,
    bob.accountNumber,
  ]);
  return JSON.parse(stdout);
}
