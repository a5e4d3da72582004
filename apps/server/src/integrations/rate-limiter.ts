import type { Redis } from 'ioredis';

/** Fixed-window counters for anti-automation limits: in memory by default, in Redis when several processes share. */
export interface RateLimiter {
  /** Counts one hit on `key`; false when the limit of the current window was already reached. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
        // Forget finished windows now and then so memory stays bounded.
        if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}

export function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const redisKey = `portal:limit:${key}`;
      const [[, count]] = (await redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').exec()) as [
        [unknown, number],
      ];
      return count <= limit;
    },
  };
}
