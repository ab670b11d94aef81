/**
 * The embedded database's first start, in a child process that exits.
 *
 * On an empty folder PGlite runs initdb in a second WebAssembly instance and copies its result
 * over as a tarball; the memory this grows is never given back, so a server started on a fresh
 * folder idled at ~740 MB where a restart idles at ~300 MB (the page-speed review, decision 023). A
 * short-lived
 * `node` child does that first start and the migrations instead, then exits and returns its
 * memory; the server then opens a folder that is already there, as on any restart.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The child's program (an ES module for `node --input-type=module -e`), plain JavaScript so that
 * the same text runs from the TypeScript sources, the server's bundle and the Docker image. Its
 * one argument is the JSON of `ChildArgs`; the modules it needs come resolved by the parent.
 * Should the parent die, the IPC channel closes and the child stops too.
 */
const childProgram = `
process.once('disconnect', () => process.exit(70));
const args = JSON.parse(process.argv[1]);
const { PGlite } = await import(args.modules.pglite);
const { drizzle } = await import(args.modules.drizzle);
const { migrate } = await import(args.modules.migrator);
const client = new PGlite(args.dir, { startParams: args.startParams });
try {
  await migrate(drizzle(client), { migrationsFolder: args.migrationsFolder });
} finally {
  await client.close();
}
process.exit(0);
`;

interface ChildArgs {
  dir: string;
  startParams: string[];
  migrationsFolder: string;
  modules: { pglite: string; drizzle: string; migrator: string };
}

/** What the child printed last, enough to say why it failed without flooding the log. */
const STDERR_KEPT = 4000;

export type EmbeddedInit = 'initialised' | 'exists';

/**
 * Makes sure `dir` holds an initialised and migrated PGlite database: when it has none, a child
 * process creates one beside it (`<dir>.initialising`) and it is renamed into place only once
 * complete, so an interrupted first start never leaves half a database behind. A folder that
 * is not empty but holds no database is left to PGlite, as before.
 */
export async function initialiseEmbeddedFolder(options: {
  dir: string;
  startParams: string[];
  migrationsFolder: string;
}): Promise<EmbeddedInit> {
  const { dir } = options;
  if (existsSync(join(dir, 'PG_VERSION'))) return 'exists';
  if (existsSync(dir) && readdirSync(dir).length > 0) return 'exists';

  const scratch = `${dir}.initialising`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const args: ChildArgs = {
    dir: scratch,
    startParams: options.startParams,
    migrationsFolder: options.migrationsFolder,
    modules: {
      pglite: import.meta.resolve('@electric-sql/pglite'),
      drizzle: import.meta.resolve('drizzle-orm/pglite'),
      migrator: import.meta.resolve('drizzle-orm/pglite/migrator'),
    },
  };
  try {
    await runChild(JSON.stringify(args), dir);
    // rename(2) replaces an empty directory, such as one created before this start.
    renameSync(scratch, dir);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  return 'initialised';
}

function runChild(argsJson: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', childProgram, argsJson], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.once('error', (error) =>
      reject(
        new Error(`The embedded database in ${dir} could not be initialised`, { cause: error }),
      ),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `The embedded database in ${dir} could not be initialised: the process that runs ` +
              `initdb and the migrations ended with ${signal ?? `exit code ${code}`}` +
              (stderr.trim() ? `:\n${stderr.trim()}` : ''),
          ),
        );
    });
  });
}
