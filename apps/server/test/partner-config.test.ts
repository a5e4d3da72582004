import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/parceiro/{identificador}/info', () => {
  it('serves the whole configuration with images as URLs, never inlined', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parceiro/demo/info' });
    expect(res.statusCode).toBe(200);
    const config = res.json().data;
    expect(config).toMatchObject({ identificador: 'demo', nome: 'Portal Demo', emp_codigo: 100 });
    expect(config.estilo).toEqual({ corPrimaria: '#00c0fb', corSecundaria: '#5938c8' });
    const names = config.sessoes.map((s: { nome: string }) => s.nome);
    for (const section of [
      'header',
      'about',
      'tutorial',
      'partners',
      'contact',
      'customization',
      'omniChannel',
    ]) {
      expect(names).toContain(section);
    }
    const tutorial = config.sessoes.find((s: { nome: string }) => s.nome === 'tutorial');
    expect(tutorial.campos.steps.map((s: { code: number }) => s.code)).toEqual([0, 1, 2, 3]);
    expect(res.body).not.toMatch(/base64|data:image/);
    expect(res.body.length).toBeLessThan(20_000);
    expect(config.logo).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
    expect(config.loj_codigo).not.toBe('');
  });

  it('serves each image once, compressed, with long-lived cache headers', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/parceiro/demo/info' })).json().data;
    const header = config.sessoes.find((s: { nome: string }) => s.nome === 'header');
    const desktop = header.arquivos.find((f: { tipoImagem: string }) => f.tipoImagem === 'desktop');
    expect(desktop.width).toBeLessThanOrEqual(1600);
    const image = await t.app.inject({ method: 'GET', url: desktop.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.length).toBeLessThan(150_000);
    const etag = String(image.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: desktop.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('answers the spec message for an unknown partner', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parceiro/naoexiste/info' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Subdomínio não encontrado!');
  });

  it('rejects file names that are not content addresses', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      400,
    );
    const missing = await t.app.inject({ method: 'GET', url: `/files/${'a'.repeat(64)}.webp` });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps both places of flgPrefeituraMode and the named capabilities', async () => {
    const cityHall = (await t.app.inject({ method: 'GET', url: '/api/parceiro/prefeitura/info' })).json()
      .data;
    const custom = cityHall.sessoes.find((s: { nome: string }) => s.nome === 'customization').campos;
    expect(custom.confirmBirthday.flgPrefeituraMode).toBe(true);
    const negocie = (await t.app.inject({ method: 'GET', url: '/api/parceiro/negocie/info' })).json().data;
    expect(negocie.capacidades.workWithUsMenu).toBe(true);
    const special = (await t.app.inject({ method: 'GET', url: '/api/parceiro/especial/info' })).json().data;
    expect(special.emp_codigo).toBe(350);
    expect(special.capacidades.plainLoginAgreement).toBe(true);
  });
});

describe('tenant resolution from the Host header (spec 000 §1)', () => {
  const pageFor = async (host: string) =>
    (await t.app.inject({ method: 'GET', url: '/qualquer/rota', headers: { host } })).body;

  it('injects the partner of the subdomain, the default partner, or a fixed mapping into the page', async () => {
    expect(await pageFor('acme.portal.localhost:3000')).toContain('content="acme"');
    expect(await pageFor('localhost:3000')).toContain('content="demo"');
    expect(await pageFor('www.negocieaqui.com.br')).toContain('content="aqui"');
  });

  it('escapes a hostile host instead of echoing it into the page', async () => {
    const body = await pageFor('"><script>x</script>.a.b');
    expect(body).not.toContain('<script>x');
  });

  it('answers JSON 404 for unknown API paths, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json().retorno).toBe(false);
  });
});

describe('a=portal&b=retornarTokenEmpresa (spec 002 §7)', () => {
  const token = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api.php?a=portal&b=retornarTokenEmpresa', payload: body });

  it('returns the company token of an active portal, form-encoded or JSON', async () => {
    const json = await token({ emp_codigo: 100 });
    expect(json.json()).toMatchObject({ retorno: true });
    expect(json.json().dados).toMatch(/^[0-9a-f]{48}$/);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=retornarTokenEmpresa',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'emp_codigo=100',
    });
    expect(form.json().dados).toBe(json.json().dados);
  });

  it('returns null for a switched-off or unknown company', async () => {
    expect((await token({ emp_codigo: 990 })).json().dados).toBeNull();
    expect((await token({ emp_codigo: 123456 })).json().dados).toBeNull();
  });

  it('answers 400 in the envelope for malformed input and 404 for an unknown action', async () => {
    const bad = await token({ emp_codigo: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ retorno: false, dados: { emp_codigo: expect.any(String) } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api.php?a=portal&b=nada', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ retorno: false, mensagem: 'Ação não encontrada.' });
  });
});
