import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithRetry } from './lazy-with-retry';

function fakeWindow() {
  const store = new Map<string, string>();
  const sessionStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  const reload = vi.fn();
  vi.stubGlobal('window', { sessionStorage, localStorage: sessionStorage, location: { reload } });
  return { reload, store };
}

describe('importWithRetry (spec 000 §9 chunk load time-out)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('retries a failed import and resolves when a retry works', async () => {
    fakeWindow();
    const factory = vi.fn().mockRejectedValueOnce(new Error('net')).mockResolvedValueOnce({ default: 'ok' });
    const result = importWithRetry(factory, { retries: 2, delayMs: 10 });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ default: 'ok' });
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('reloads the page once after the retries, then gives up on the next failure', async () => {
    const { reload } = fakeWindow();
    const factory = vi.fn().mockRejectedValue(new Error('net'));
    void importWithRetry(factory, { retries: 2, delayMs: 10 });
    await vi.runAllTimersAsync();
    expect(factory).toHaveBeenCalledTimes(3);
    expect(reload).toHaveBeenCalledTimes(1);

    // After the reload the flag is set: no second reload, an error for the boundary instead.
    const second = importWithRetry(factory, { retries: 0, delayMs: 10 });
    const settled = expect(second).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.runAllTimersAsync();
    await settled;
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for an import that hangs past the time-out and reloads', async () => {
    const { reload } = fakeWindow();
    const factory = vi.fn(() => new Promise<never>(() => {}));
    void importWithRetry(factory, { retries: 2, delayMs: 10, timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
