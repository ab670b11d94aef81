import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startChildServer } from './testing-child.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'bank-main-'));

describe('start', () => {
  it('stops with a message naming the bad variable', async () => {
    const server = startChildServer(0, {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir(),
      PORT: 'eighty',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('migrates, serves, and on SIGTERM finishes and exits cleanly', async () => {
    const server = startChildServer(await freePort(), {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir(),
      LOG_LEVEL: 'info',
    });
    // A fresh folder: initdb runs first (in a child process), slow on a busy machine.
    await server.healthy(75_000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: finishing in-flight requests');
  }, 100_000);
});
