import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

function run(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

describe('start', () => {
  it('stops with a message naming the bad variable', async () => {
    const { exit, output } = run({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bank-main-')),
      PORT: 'eighty',
    });
    expect(await exit).toBe(1);
    expect(output()).toContain('PORT');
  });

  it('migrates, serves, and on SIGTERM finishes and exits cleanly', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const { child, exit, output } = run({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bank-main-')),
      PORT: port,
      HOST: '127.0.0.1',
    });
    const deadline = Date.now() + 30_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 200));
    }
    expect(healthy).toBe(true);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output()).toContain('SIGTERM: finishing in-flight requests');
  }, 60_000);
});
