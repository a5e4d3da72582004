import { afterEach, describe, expect, it, vi } from 'vitest';
import { ephemeralRangeStart, freePorts } from './free-port';

// Servers a test stops and starts again on their port (redis-outage, database-faults) take it from freePorts.

describe('freePorts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives different ports below the kernel’s range for outgoing connections, which none of those can take', async () => {
    const ephemeral = ephemeralRangeStart();
    const ports = await freePorts(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      if (ephemeral !== null) expect(port).toBeLessThan(ephemeral);
    }
  });

  it.runIf(ephemeralRangeStart() !== null)(
    'never gives 10080, which Chromium refuses to load from',
    async () => {
      const span = ephemeralRangeStart()! - 10_000;
      const random = Math.random;
      // The first draw lands on 10080, the next ones anywhere.
      vi.spyOn(Math, 'random')
        .mockReturnValueOnce(80.5 / span)
        .mockImplementation(() => random());
      const [port] = await freePorts(1);
      expect(port).not.toBe(10_080);
    },
  );
});
