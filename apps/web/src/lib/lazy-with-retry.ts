import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { readStorage, removeStorage, writeStorage } from './storage';

// Spec 000 §9: chunk load time-out 120 s. On a flaky mobile network a route chunk can fail to load; retry it a
// couple of times, then reload the page once (a new deploy may have renamed the chunks), and only then give up
// so the error boundary can show a message. The sessionStorage flag stops a reload loop.

const RELOAD_FLAG = 'portal:chunk-reload';
export const CHUNK_TIMEOUT_MS = 120_000;

export interface RetryOptions {
  retries?: number;
  delayMs?: number;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Não foi possível carregar esta parte do portal.');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

export async function importWithRetry<T>(factory: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = 2, delayMs = 1000, timeoutMs = CHUNK_TIMEOUT_MS } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const result = await Promise.race([
        factory(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('Tempo esgotado ao carregar a página.')), remaining);
        }),
      ]);
      removeStorage(RELOAD_FLAG, 'session');
      return result;
    } catch (error) {
      lastError = error;
      if (attempt < retries && Date.now() + delayMs < deadline) await sleep(delayMs * (attempt + 1));
    } finally {
      clearTimeout(timer);
    }
  }
  if (!readStorage(RELOAD_FLAG, 'session')) {
    writeStorage(RELOAD_FLAG, String(Date.now()), 'session');
    window.location.reload();
    // Keep Suspense showing its fallback until the reload happens.
    return new Promise<T>(() => {});
  }
  removeStorage(RELOAD_FLAG, 'session');
  throw new ChunkLoadError(lastError);
}

// biome-ignore lint/suspicious/noExplicitAny: React.lazy accepts any component props.
export function lazyWithRetry<C extends ComponentType<any>>(
  factory: () => Promise<{ default: C }>,
  options?: RetryOptions,
): LazyExoticComponent<C> {
  return lazy(() => importWithRetry(factory, options));
}
