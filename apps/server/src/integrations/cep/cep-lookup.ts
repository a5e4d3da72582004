import type { CepAddress } from '@portal/domain';

/**
 * Finds the address of an 8-digit CEP: the address, null when the CEP does not exist, or throws when the service
 * cannot answer (down, slow, malformed answer).
 */
export interface CepLookup {
  readonly name: string;
  find(cep: string): Promise<CepAddress | null>;
}

export interface ViaCepSettings {
  /** Base URL of the service, e.g. https://viacep.com.br; the path /ws/{cep}/json/ is appended. */
  baseUrl: string;
  timeoutMs: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * ViaCEP (public, free, no key): GET {base}/ws/{cep}/json/ answers 200 with cep, logradouro, complemento, bairro,
 * localidade, uf, ... or 200 `{"erro": true}` (in newer versions the string "true") for a CEP that does not exist;
 * 400 for a malformed CEP.
 */
export function viaCepLookup(settings: ViaCepSettings): CepLookup {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    name: 'viacep',
    async find(cep) {
      const response = await fetch(`${base}/ws/${cep}/json/`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (response.status === 400) return null;
      if (!response.ok) throw new Error(`ViaCEP answered ${response.status}`);
      const json = (await response.json()) as Record<string, unknown> | null;
      if (!json || typeof json !== 'object') throw new Error('ViaCEP answered no object');
      if (json.erro === true || json.erro === 'true') return null;
      const uf = text(json.uf).toUpperCase();
      const localidade = text(json.localidade);
      if (!localidade || !/^[A-Z]{2}$/.test(uf))
        throw new Error('ViaCEP answered an address without city or state');
      return { cep, logradouro: text(json.logradouro), bairro: text(json.bairro), localidade, uf };
    },
  };
}

// A few real CEPs for development and the demo, so the form fills without network access.
const LOCAL_ADDRESSES: readonly CepAddress[] = [
  { cep: '01001000', logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' },
  {
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  {
    cep: '20010000',
    logradouro: 'Rua Primeiro de Março',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
  {
    cep: '30130010',
    logradouro: 'Praça Sete de Setembro',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
  },
  { cep: '40020000', logradouro: 'Praça Tomé de Souza', bairro: 'Centro', localidade: 'Salvador', uf: 'BA' },
  {
    cep: '70040010',
    logradouro: 'Esplanada dos Ministérios',
    bairro: 'Zona Cívico-Administrativa',
    localidade: 'Brasília',
    uf: 'DF',
  },
  { cep: '80010000', logradouro: 'Praça Tiradentes', bairro: 'Centro', localidade: 'Curitiba', uf: 'PR' },
  {
    cep: '90010000',
    logradouro: 'Praça da Alfândega',
    bairro: 'Centro Histórico',
    localidade: 'Porto Alegre',
    uf: 'RS',
  },
];

/** The default without CEP_SERVICE_URL: answers from the table above and "not found" for any other CEP. */
export function localCepLookup(addresses: readonly CepAddress[] = LOCAL_ADDRESSES): CepLookup {
  const byCep = new Map(addresses.map((address) => [address.cep, address]));
  return {
    name: 'local',
    async find(cep) {
      return byCep.get(cep) ?? null;
    },
  };
}
