import { todayInBrasilia } from '@portal/domain';
import { afterEach, expect, it, vi } from 'vitest';
import { clearOfMidnight } from './pinned-clock';

afterEach(() => {
  vi.useRealTimers();
});

it('clearOfMidnight goes on at once at noon, and waits out a midnight nearer than the run', async () => {
  vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00-03:00') });
  await clearOfMidnight(5 * 60_000);
  expect(todayInBrasilia()).toBe('2026-11-25');

  vi.setSystemTime(new Date('2026-11-25T23:57:00-03:00'));
  let done = false;
  const waiting = clearOfMidnight(5 * 60_000).then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(2 * 60_000);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(61_000);
  await waiting;
  expect(todayInBrasilia()).toBe('2026-11-26');
});
