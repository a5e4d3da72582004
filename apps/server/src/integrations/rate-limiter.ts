import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';

/**
 * Fixed-window counters for anti-automation limits: in memory by default, in Redis when several processes share.
 * Every call of the HTTP flood guard and of the identification and staff limits goes through one of these. A store
 * that cannot answer fails closed: the call is refused with LIMITS_UNAVAILABLE (503), never let through.
 */
export interface RateLimiter {
  /** Counts one hit on `key`: the count in the current window and the milliseconds until it ends. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Forgets the key's window (a success that clears earlier failures). */
  reset(key: string): Promise<void>;
  /** Answers whether the store is reachable now (readiness). */
  ping(): Promise<boolean>;
}

/** Counts one hit on `key`; false when the limit of the current window was already reached. */
export async function hitLimit(limiter: RateLimiter, key: string, limit: number, windowMs: number) {
  return (await limiter.increment(key, windowMs)).count <= limit;
}

/**
 * Counters of one process. Finished windows are swept when the store has doubled since the last sweep (at least
 * `sweepAbove` keys): memory stays bounded by the live windows, and a burst of new keys (one per CPF tried) costs
 * each call a constant share of the sweeps, not a walk over every key held.
 */
export function memoryRateLimiter({ sweepAbove = 50_000, now = Date.now } = {}): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = sweepAbove;
  const current = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.resetAt > at ? window : undefined;
  };
  return {
    async increment(key, windowMs) {
      const at = now();
      let window = current(key, at);
      if (!window) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
        if (windows.size > sweepAt) {
          for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
          sweepAt = Math.max(sweepAbove, windows.size * 2);
        }
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    async reset(key) {
      windows.delete(key);
    },
    async ping() {
      return true;
    },
  };
}

/** Redis settings for the limit store: a call fails within REDIS_COMMAND_TIMEOUT_MS instead of queueing. */
export const REDIS_LIMIT_OPTIONS = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 1000,
  commandTimeout: 500,
} as const;

export function redisRateLimiter(redis: Redis): RateLimiter {
  const prefixed = (key: string) => `portal:limit:${key}`;
  // Any failure of the store (down, refusing, too slow) refuses the call: limits fail closed (GUIDE).
  const unavailable = (): never => {
    throw new AppError('LIMITS_UNAVAILABLE');
  };
  return {
    async increment(key, windowMs) {
      const redisKey = prefixed(key);
      const replies = await redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, windowMs, 'NX')
        .pttl(redisKey)
        .exec()
        .catch(unavailable);
      if (!replies || replies.some(([error]) => error)) unavailable();
      const [[, count], , [, ttl]] = replies as [[unknown, number], unknown, [unknown, number]];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async reset(key) {
      await redis.del(prefixed(key)).catch(unavailable);
    },
    async ping() {
      return redis.ping().then(
        () => true,
        () => false,
      );
    },
  };
}

/**
 * The same counters as a store of @fastify/rate-limit (the per-route flood guard), so there is one limit store and
 * it fails closed the same way. The plugin constructs it with its settings and asks a child per route.
 */
export function rateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  class LimiterStore implements FastifyRateLimitStore {
    constructor(
      _settings?: unknown,
      private readonly prefix = 'http:',
    ) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], windowMs: number) {
      limiter.increment(this.prefix + key, windowMs).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    // The plugin hands the merged route settings with the route under `routeInfo` (its RedisStore keys the same).
    child(route: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { method, url } = (route as unknown as { routeInfo: { method: string; url: string } }).routeInfo;
      return new LimiterStore(undefined, `${this.prefix}${method}${url}-`);
    }
  }
  return LimiterStore;
}
