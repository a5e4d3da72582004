import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viaCepLookup } from '../src/integrations/cep/cep-lookup';
import { startHttpPeer } from './local-http-peer';
import { createTestApp, type TestApp } from './test-app';

// consultarCEP (spec 002 §5 "Address form", §7; issue 6 item 6): the ViaCEP adapter against a local server that
// speaks ViaCEP's format, and the local table used without CEP_SERVICE_URL.

const CEP_ACTION = '/api.php?a=portal&b=consultarCEP';
const CLEARED = { logradouro: '', bairro: '', localidade: '', uf: '' };

// What ViaCEP answers for 01310-100 (GET https://viacep.com.br/ws/01310100/json/).
const PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  unidade: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let peer: Awaited<ReturnType<typeof startHttpPeer>>;
let t: TestApp;
let local: TestApp;
let clientNumber = 0;

beforeAll(async () => {
  peer = await startHttpPeer(async (request) => {
    const cep = /^\/ws\/(\d{8})\/json\/$/.exec(request.path)?.[1];
    if (!cep) return { status: 400, json: { erro: 'bad request' } };
    if (cep === '01310100') return { status: 200, json: PAULISTA };
    if (cep === '88888888') {
      await sleep(1500);
      return { status: 200, json: PAULISTA };
    }
    if (cep === '55555555') return { status: 500, json: { message: 'internal error' } };
    if (cep === '77777777') return { status: 200, json: { erro: 'true' } };
    return { status: 200, json: { erro: true } };
  });
  t = await createTestApp({ env: { CEP_SERVICE_URL: `${peer.url}/`, CEP_TIMEOUT_MS: '300' } });
  local = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await local.close();
  await peer.close();
});

function lookup(app: TestApp, cep: unknown, ip?: string) {
  clientNumber += 1;
  return app.app.inject({
    method: 'POST',
    url: CEP_ACTION,
    payload: { cep } as Record<string, unknown>,
    headers: { host: 'localhost:3000' },
    remoteAddress: ip ?? `10.7.0.${clientNumber}`,
  });
}

describe('consultarCEP through the ViaCEP adapter', () => {
  it('fills street, district, city and state from a 9-character CEP', async () => {
    const res = await lookup(t, '01310-100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      retorno: true,
      dados: {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      },
      mensagem: '',
    });
    expect(peer.received.at(-1)!.path).toBe('/ws/01310100/json/');
    expect(peer.received.at(-1)!.headers.accept).toBe('application/json');
  });

  it.each([
    ['20010-000', 'ViaCEP {"erro": true}'],
    ['77777-777', 'ViaCEP {"erro": "true"}'],
  ])('clears the address for a CEP that does not exist (%s, %s)', async (cep) => {
    expect((await lookup(t, cep)).json()).toEqual({
      retorno: false,
      dados: { cep, ...CLEARED },
      mensagem: 'CEP não encontrado.',
    });
  });

  it('clears the address when the service is slower than the timeout', async () => {
    const started = Date.now();
    const res = await lookup(t, '88888-888');
    expect(Date.now() - started).toBeLessThan(1200);
    expect(res.json()).toEqual({
      retorno: false,
      dados: { cep: '88888-888', ...CLEARED },
      mensagem: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
    });
  });

  it('clears the address when the service fails', async () => {
    expect((await lookup(t, '55555-555')).json()).toMatchObject({
      retorno: false,
      dados: CLEARED,
      mensagem: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
    });
  });

  it.each(['0131-0100', '01310-10', '', 'ABCDE-FGH', '013101000'])(
    'refuses %j without calling the service',
    async (cep) => {
      const before = peer.received.length;
      expect((await lookup(t, cep)).json()).toEqual({
        retorno: false,
        dados: { cep: '', ...CLEARED },
        mensagem: 'Digite um cep válido',
      });
      expect(peer.received.length).toBe(before);
    },
  );

  it('limits one client to thirty lookups a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await lookup(t, '01310-100', '10.7.9.9')).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('viaCepLookup', () => {
  it('answers null for a CEP ViaCEP calls malformed (400) and throws on a refused connection', async () => {
    const adapter = viaCepLookup({ baseUrl: peer.url, timeoutMs: 1000 });
    expect(await adapter.find('01310100')).toMatchObject({ uf: 'SP', localidade: 'São Paulo' });
    expect(await adapter.find('0131')).toBeNull();
    const down = viaCepLookup({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000 });
    await expect(down.find('01310100')).rejects.toThrow();
  });
});

describe('consultarCEP without CEP_SERVICE_URL (local table)', () => {
  it('answers a known CEP from the built-in table', async () => {
    expect((await lookup(local, '20010000')).json()).toEqual({
      retorno: true,
      dados: {
        cep: '20010-000',
        logradouro: 'Rua Primeiro de Março',
        bairro: 'Centro',
        localidade: 'Rio de Janeiro',
        uf: 'RJ',
      },
      mensagem: '',
    });
  });

  it('answers "not found" for any other CEP', async () => {
    expect((await lookup(local, '12345-678')).json()).toEqual({
      retorno: false,
      dados: { cep: '12345-678', ...CLEARED },
      mensagem: 'CEP não encontrado.',
    });
  });
});
