import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopInSteps } from './shutdown.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('stopInSteps', () => {
  it('leaves a step behind at its deadline, logs it, cuts it off, and runs the next ones', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = {
      warn: (_details: object, line: string) => {
        lines.push(line);
      },
      error: (_details: object, line: string) => {
        lines.push(line);
      },
    };
    const ran: string[] = [];
    const abandon = vi.fn();
    const stopping = stopInSteps(
      [
        { name: 'stuck', maxShare: 0.5, run: () => new Promise(() => {}), abandon },
        { name: 'failing', maxShare: 0.2, run: () => Promise.reject(new Error('no')) },
        {
          name: 'last',
          maxShare: 1,
          run: async () => {
            ran.push('last');
          },
        },
      ],
      10_000,
      log,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(abandon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await stopping).toEqual(['stuck', 'failing']);
    expect(abandon).toHaveBeenCalledOnce();
    expect(ran).toEqual(['last']);
    expect(lines).toEqual([
      'shutdown: stuck abandoned after its deadline',
      'shutdown: failing failed',
    ]);
  });

  it('never gives a step more than what is left of the grace period', async () => {
    vi.useFakeTimers();
    const log = { warn: () => {}, error: () => {} };
    const forever = () => new Promise(() => {});
    const stopping = stopInSteps(
      [
        { name: 'a', maxShare: 0.8, run: forever },
        { name: 'b', maxShare: 0.8, run: forever },
      ],
      1_000,
      log,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await stopping).toEqual(['a', 'b']);
  });
});
