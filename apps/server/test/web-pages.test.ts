import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerSections, partners } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';

// What a page brings so that nothing but the page itself is fetched before its first paint (issue 20 item 9): the
// partner configuration as a JSON data block, and the build's inline boot script allowed by its hash in the CSP.

const BOOT = "document.documentElement.dataset.booted = 'yes';";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html lang="pt-BR"><head><meta name="portal-partner" content="%PORTAL_PARTNER%"></head><body><div id="root"></div><script data-entry="/assets/index.js">${BOOT}</script></body></html>`,
  );
  // No partner cache, so the edit below shows at once.
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, PARTNER_CACHE_SECONDS: '0' } });
});
afterAll(async () => {
  await t?.close();
});

const page = (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host } });

/** The JSON data block the app reads (apps/web lib/partner.ts), parsed as the browser would. */
function embeddedConfig(html: string): unknown {
  const json = /<script type="application\/json" id="partner-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('a page', () => {
  it("carries the partner's configuration as the info route answers it, for each partner", async () => {
    for (const identifier of ['demo', 'acme']) {
      const host = `${identifier}.portal.localhost`;
      const info = await t.app.inject({
        method: 'GET',
        url: `/api/parceiro/${identifier}/info`,
        headers: { host },
      });
      expect(embeddedConfig((await page(host)).body)).toEqual(info.json().data);
    }
  });

  it('keeps a text that closes the element inside it', async () => {
    const [acme] = await t.database.db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.identifier, 'acme'));
    const header = and(eq(partnerSections.partnerId, acme!.id), eq(partnerSections.name, 'header'));
    const [section] = await t.database.db
      .select({ fields: partnerSections.fields })
      .from(partnerSections)
      .where(header);
    const title = 'Negocie</script><script>alert(1)</script> $& já';
    await t.database.db
      .update(partnerSections)
      .set({ fields: { ...(section!.fields as object), title } })
      .where(header);
    const html = (await page('acme.portal.localhost')).body;
    expect(html).not.toContain('<script>alert(1)');
    const config = embeddedConfig(html) as { sessoes: { nome: string; campos: { title?: string } }[] };
    expect(config.sessoes.find((s) => s.nome === 'header')?.campos.title).toBe(title);
  });

  it('has no configuration for an unknown partner (the app asks and shows the not-found page)', async () => {
    expect(embeddedConfig((await page('naoexiste.portal.localhost')).body)).toBeUndefined();
  });

  it("allows its inline script by hash in the page's CSP, and only on pages", async () => {
    const hash = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;
    const csp = String((await page('demo.portal.localhost')).headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`(^|;)\\s*script-src [^;]*${hash.replace(/[+/]/g, '\\$&')}`));
    const api = await t.app.inject({ method: 'GET', url: '/api/parceiro/demo/info' });
    expect(String(api.headers['content-security-policy'])).not.toContain('sha256-');
  });
});

describe('a HEAD request', () => {
  // RFC 9110 §9.3.2: HEAD answers as GET would, without the body. Uptime monitors and link checkers ask with HEAD;
  // a page that GET serves must not look missing to them.
  it('answers a page as GET does, without the body; an unknown API path stays 404', async () => {
    for (const url of ['/', '/trabalhe-conosco', '/politica-de-privacidade', '/qualquer-coisa']) {
      const res = await t.app.inject({ method: 'HEAD', url, headers: { host: 'negocie.portal.localhost' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe('');
    }
    const api = await t.app.inject({
      method: 'HEAD',
      url: '/api/nada',
      headers: { host: 'negocie.portal.localhost' },
    });
    expect(api.statusCode).toBe(404);
  });
});

describe('an address the router cannot decode', () => {
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'negocie.portal.localhost', accept: 'text/html' } });

  // Spec 002 §2: any unknown path shows the landing page. A link cut inside an escape ('/trabalhe-conosco%2') or
  // written in Latin-1 ('/caf%E9') is such a path for the person who followed it, not a raw JSON refusal.
  it('sends a page to the landing page', async () => {
    for (const url of ['/%', '/trabalhe-conosco%2', '/caf%E9', '/politica-de-privacidade/%zz?aba=x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/');
    }
  });

  it('still refuses an API call in the envelope', async () => {
    for (const url of ['/api/curriculos/%zz', '/api.php/%zz', '/files/%zz']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ retorno: false, mensagem: 'Requisição inválida.' });
    }
  });
});

describe("an external entry's link (spec 001 §2, the CPF/CNPJ in the path)", () => {
  it('is served, and its document never reaches the request log', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { WEB_DIST_DIR: dist, LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      for (const url of [
        '/menu/529.982.247-25?enumCanalOrigem=sms&codAssessoriaSenff=7',
        '/minhas-dividas/52998224725',
        '/minhas-dividas/12.345.678%2F0001-95/',
        '/Menu/529%2E982%2E247-25',
      ]) {
        const res = await logged.app.inject({
          method: 'GET',
          url,
          headers: { host: 'demo.portal.localhost' },
        });
        expect(res.statusCode, url).toBeLessThan(500);
      }
      const requests = lines.filter((line) => line.includes('incoming request'));
      expect(requests).toHaveLength(4);
      expect(requests[0]).toContain('/menu/***?enumCanalOrigem=sms');
      expect(requests[1]).toContain('/minhas-dividas/***');
      for (const line of lines) {
        expect(line).not.toMatch(/529\D{0,3}982|12\D?345\D?678|2E982/);
        expect(() => JSON.parse(line)).not.toThrow();
      }
    } finally {
      await logged.close();
    }
  });
});
