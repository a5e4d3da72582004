import { describe, expect, it } from 'vitest';
import { defaultPortalUrl } from './partner';

describe('defaultPortalUrl (spec 000 §2: back to the default portal)', () => {
  it('drops the first label and keeps scheme and port', () => {
    expect(defaultPortalUrl({ protocol: 'http:', hostname: 'xyz.portal.localhost', port: '3000' })).toBe(
      'http://portal.localhost:3000/',
    );
    expect(defaultPortalUrl({ protocol: 'https:', hostname: 'acme.exemplo.com.br', port: '' })).toBe(
      'https://exemplo.com.br/',
    );
  });

  it('has nowhere to go without a subdomain', () => {
    expect(defaultPortalUrl({ protocol: 'http:', hostname: 'localhost', port: '3000' })).toBeNull();
    expect(defaultPortalUrl({ protocol: 'http:', hostname: 'exemplo.com', port: '' })).toBeNull();
    expect(defaultPortalUrl({ protocol: 'http:', hostname: '127.0.0.1', port: '3000' })).toBeNull();
  });
});
