import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// The first screen's forms before its script has run (decision 006). POST /consulta: the landing page's search box;
// the value goes back to the page in a short-lived cookie and the app checks it as if Buscar had just been pressed.
// POST /escolha-de-cookies: the cookie banner's choice, kept in the consent cookie, back to the same page.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: string, url = '/consulta', host = 'acme.portal.localhost') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('POST /consulta', () => {
  it('hands the typed document back in a five-minute cookie and returns to the landing page', async () => {
    const res = await post('cpfCnpj=529.982.247-25');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?consulta=1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBe('consulta=529.982.247-25; Path=/; Max-Age=300; SameSite=Lax');
  });

  it('keeps an alphanumeric CNPJ and an invalid CPF as typed (the app shows the message)', async () => {
    expect((await post('cpfCnpj=12.ABC.345%2F01DE-35')).headers['set-cookie']).toContain(
      'consulta=12.ABC.345%2F01DE-35;',
    );
    expect((await post('cpfCnpj=111.111.111-11')).headers['set-cookie']).toContain(
      'consulta=111.111.111-11;',
    );
  });

  it('hands back nothing for what cannot be a document: too long, other characters, missing', async () => {
    for (const payload of [
      'cpfCnpj=1234567890123456789',
      'cpfCnpj=%3Cscript%3E',
      'cpfCnpj=a%3Bb',
      'x=1',
      '',
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(303);
      expect(res.headers['set-cookie']).toMatch(/^consulta=; /);
    }
  });

  it('takes no search on a switched-off portal: back to its page, nothing handed back', async () => {
    const res = await post('cpfCnpj=529.982.247-25', '/consulta', 'inativo.portal.localhost');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('takes nothing from a body over 1 KB, back to the page as for other bad input (not a JSON page)', async () => {
    const res = await post(`cpfCnpj=${'1'.repeat(2000)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?consulta=1');
    expect(res.headers['set-cookie']).toMatch(/^consulta=; /);
    expect(res.body).toBe('');
  });
});

describe('POST /escolha-de-cookies', () => {
  const choose = (payload: string) => post(payload, '/escolha-de-cookies');

  it('keeps the choice for a year and shows the same page again', async () => {
    const res = await choose('escolha=accepted&pagina=%2Fminhas-dividas');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/minhas-dividas');
    expect(res.headers['set-cookie']).toBe('cookieChoice=accepted; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await choose('escolha=refused&pagina=%2F')).headers['set-cookie']).toMatch(
      /^cookieChoice=refused;/,
    );
  });

  it('never sends anyone to another site, and keeps nothing for an unknown choice', async () => {
    // Nor to a path no header can carry (a control character, a character beyond Latin-1): no 500 either.
    for (const page of [
      '%2F%2Fevil.example',
      '%2F%5Cevil.example',
      'https%3A%2F%2Fevil.example',
      '',
      '%2Fmenu%00',
      '%2F%E2%82%AC',
    ]) {
      const res = await choose(`escolha=accepted&pagina=${page}`);
      expect(res.headers.location).toBe('/');
    }
    const res = await choose('escolha=talvez&pagina=%2Fmenu');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/menu');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('keeps nothing from a body over 1 KB and goes back to the first page (not a JSON page)', async () => {
    const res = await choose(`escolha=accepted&pagina=%2Fmenu&x=${'1'.repeat(2000)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toBe('');
  });
});
