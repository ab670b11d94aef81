import { describe, expect, it } from 'vitest';
import { describeDevice } from './device-cell.tsx';

describe('describeDevice', () => {
  it('names the browser, its version and the system, as people say it', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 142 on Linux');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17.5 on iOS 17.5');
  });

  it('keeps the words of a client that is no browser', () => {
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
