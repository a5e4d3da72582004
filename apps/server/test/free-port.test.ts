import { describe, expect, it } from 'vitest';
import { ephemeralRangeStart, freePorts } from './free-port';

// Servers a test stops and starts again on their port (redis-outage, database-faults) take it from freePorts.

describe('freePorts', () => {
  it('gives different ports below the kernel’s range for outgoing connections, which none of those can take', async () => {
    const ephemeral = ephemeralRangeStart();
    const ports = await freePorts(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      if (ephemeral !== null) expect(port).toBeLessThan(ephemeral);
    }
  });
});
