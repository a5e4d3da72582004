import { describe, expect, it } from 'vitest';
import { withNewProtocol } from '../src/repositories/rights-request-repository';

// A protocol already taken is drawn again (the unique constraint on privacy_requests.protocolo decides); any other
// failure, or a third clash, goes to the caller.

const clash = Object.assign(new Error('duplicate key'), {
  code: '23505',
  constraint: 'privacy_requests_protocolo_unique',
});
const NOW = new Date('2026-11-23T15:00:00Z');

describe('withNewProtocol', () => {
  it('draws a new protocol when the first is taken', async () => {
    const tried: string[] = [];
    const result = await withNewProtocol(NOW, async (protocol) => {
      tried.push(protocol);
      if (tried.length === 1) throw new Error('failed query', { cause: clash });
      return protocol;
    });
    expect(tried).toHaveLength(2);
    expect(tried[0]).toMatch(/^LGPD-20261123-[0-9A-Z]{6}$/);
    expect(result).toBe(tried[1]);
    expect(tried[1]).not.toBe(tried[0]);
  });

  it('gives up after three clashes and passes other failures on at once', async () => {
    let calls = 0;
    await expect(
      withNewProtocol(NOW, async () => {
        calls += 1;
        throw clash;
      }),
    ).rejects.toBe(clash);
    expect(calls).toBe(3);
    const other = Object.assign(new Error('other'), { code: '23505', constraint: 'privacy_requests_pkey' });
    calls = 0;
    await expect(
      withNewProtocol(NOW, async () => {
        calls += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});
