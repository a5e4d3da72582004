import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCapabilitiesDoc } from '../../../scripts/capabilities-doc';

describe('docs/capabilities.md', () => {
  it('matches the capability list in code (run npm run docs:capabilities)', () => {
    const onDisk = readFileSync(new URL('../../../docs/capabilities.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderCapabilitiesDoc());
  });
});
