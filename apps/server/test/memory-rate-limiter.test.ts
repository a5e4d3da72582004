import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryRateLimiter } from '../src/integrations/rate-limiter';

const MINUTE = 60_000;

describe('the in-memory limit store', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts hits per key within a window and starts again after it', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter({ now: () => now });
    expect(await limiter.increment('login:ip:1', MINUTE)).toEqual({ count: 1, resetInMs: MINUTE });
    now += 10_000;
    expect(await limiter.increment('login:ip:1', MINUTE)).toEqual({ count: 2, resetInMs: 50_000 });
    expect(await limiter.increment('login:ip:2', MINUTE)).toEqual({ count: 1, resetInMs: MINUTE });
    now += 50_000;
    expect(await limiter.increment('login:ip:1', MINUTE)).toEqual({ count: 1, resetInMs: MINUTE });
  });

  // Many distinct keys in one window (one per CPF tried, per client address) are what an attack sends: sweeping every
  // window on each new key made each call cost as much as the keys already held.
  it('sweeps finished windows a bounded number of times however many keys stay live', async () => {
    const now = 1_000_000;
    const limiter = memoryRateLimiter({ now: () => now, sweepAbove: 100 });
    const sweeps = vi.spyOn(Map.prototype, Symbol.iterator);
    for (let i = 0; i < 5_000; i++) await limiter.increment(`login:doc:${i}`, MINUTE);
    expect(sweeps.mock.calls.length).toBeLessThanOrEqual(8);
    for (let i = 0; i < 5_000; i++) expect((await limiter.increment(`login:doc:${i}`, MINUTE)).count).toBe(2);
  });

  it('forgets finished windows once it holds many keys', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter({ now: () => now, sweepAbove: 100 });
    for (let i = 0; i < 150; i++) await limiter.increment(`old:${i}`, MINUTE);
    now += MINUTE;
    const forgotten = vi.spyOn(Map.prototype, 'delete');
    for (let i = 0; i < 150; i++) await limiter.increment(`new:${i}`, MINUTE);
    expect(forgotten.mock.calls.map(([key]) => key).sort()).toEqual(
      Array.from({ length: 150 }, (_, i) => `old:${i}`).sort(),
    );
    for (let i = 0; i < 150; i++) expect((await limiter.increment(`new:${i}`, MINUTE)).count).toBe(2);
  });
});
