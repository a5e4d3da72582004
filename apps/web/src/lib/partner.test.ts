// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPortalUrl, loadPartnerConfig, peekPartnerConfig, resetPartnerConfig } from './partner';

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

describe('loadPartnerConfig (the configuration in the page, issue 20 item 9)', () => {
  const CONFIG = { id: 1, nome: 'Acme', identificador: 'acme', sessoes: [] };
  afterEach(() => {
    document.getElementById('partner-config')?.remove();
    resetPartnerConfig();
    vi.unstubAllGlobals();
  });

  it('takes the one the server put in the page, at once and without a request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'partner-config';
    block.textContent = JSON.stringify(CONFIG).replaceAll('<', '\\u003c');
    document.body.append(block);
    const loading = loadPartnerConfig();
    expect(peekPartnerConfig()).toEqual({ kind: 'ok', config: CONFIG });
    expect(await loading).toEqual({ kind: 'ok', config: CONFIG });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when the page has none (an unknown partner, the Vite dev server)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: CONFIG }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadPartnerConfig()).toEqual({ kind: 'ok', config: CONFIG });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
