import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of a test's own, to stop and start under load (the machine's own is never
 * restarted). Needs PostgreSQL's `initdb` and `pg_ctl`; as root they run as user `postgres`.
 */
export interface TestCluster {
  url: string;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  close(): void;
}

const binDirs = ['/usr/local/bin', '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin'];

function binary(name: string): string | undefined {
  return binDirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
}

/** Whether this machine can run one (the fault tests skip otherwise). */
export function canRunTestCluster(): boolean {
  return binary('initdb') !== undefined && binary('pg_ctl') !== undefined;
}

/** Ports tried from the preferred one on. */
const PORT_ATTEMPTS = 10;

export function startTestCluster(preferredPort: number): TestCluster {
  const initdb = binary('initdb');
  const pgCtl = binary('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('initdb and pg_ctl are needed');
  const dir = mkdtempSync(join(tmpdir(), 'bank-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : command,
      asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
      {
        stdio: 'ignore',
      },
    );
  const data = join(dir, 'data');
  let port = preferredPort;
  const options = () =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=60`;
  const start = () =>
    run(pgCtl, ['-D', data, '-o', options(), '-l', join(dir, 'log'), '-w', 'start']);
  try {
    run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres']);
    // A port can be taken, by another program or as the local end of one of the many
    // connections the tests open: the next few are tried (CI once failed to start on it).
    for (let attempt = 1; ; attempt += 1) {
      try {
        start();
        break;
      } catch (error) {
        if (attempt >= PORT_ATTEMPTS) throw error;
        port += 1;
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => run(pgCtl, ['-D', data, '-m', mode, '-w', 'stop']),
    start,
    close() {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
