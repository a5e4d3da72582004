import { describe, expect, it } from 'vitest';
import { UNSET_NEGOTIATION_TERMS } from '../negotiation/policy';
import { POLICY_MESSAGES } from '../negotiation/policy-schema';
import { isValidPixKey, STORE_MESSAGES, storeFormSchema, storeFormValues } from './store-form';

// The store form of the back office (issue 18 item 1): the rules the screen and the server share.

const valid = (overrides: Record<string, unknown> = {}) => ({
  ...storeFormValues(),
  nome_fantasia: ' Loja Nova ',
  razao_social: 'Loja Nova Ltda.',
  cpf_cnpj: '11.222.333/0001-81',
  ...overrides,
});
const errors = (input: unknown) => {
  const result = storeFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const pixApi = {
  baseUrl: 'https://pix.banco.example/api',
  clientId: 'portal',
  clientSecretEnv: 'PIX_API_LOJA_NOVA',
  certPath: '/etc/portal/pix/cert.pem',
  keyPath: '/etc/portal/pix/key.pem',
  caPath: '',
};

describe('storeFormSchema', () => {
  it('gives the store to save: trimmed texts, the bare document, nulls for blanks, no policy when unset', () => {
    const store = storeFormSchema.parse(valid());
    expect(store).toMatchObject({
      nome_fantasia: 'Loja Nova',
      cpf_cnpj: '11222333000181',
      cidade: null,
      estado: null,
      chave_pix: null,
      boleto_convenio: null,
      politica: null,
      provedor_pagamento: 'local',
    });
  });

  it.each([
    ['no trade name', { nome_fantasia: '  ' }, 'nome_fantasia', STORE_MESSAGES.tradeNameRequired],
    ['no legal name', { razao_social: '' }, 'razao_social', STORE_MESSAGES.legalNameRequired],
    ['a wrong CNPJ', { cpf_cnpj: '11.222.333/0001-82' }, 'cpf_cnpj', STORE_MESSAGES.documentInvalid],
    ['a state of three letters', { estado: 'SPA' }, 'estado', STORE_MESSAGES.stateInvalid],
    ['two letters that are no state', { estado: 'XX' }, 'estado', STORE_MESSAGES.stateInvalid],
    [
      'a partner twice',
      {
        parceiros: [
          { parceiro: 1, negocia: true },
          { parceiro: 1, negocia: false },
        ],
      },
      'parceiros',
      STORE_MESSAGES.partnerRepeated,
    ],
    [
      'a partner code past an integer column',
      { parceiros: [{ parceiro: 3_000_000_000, negocia: true }] },
      'parceiros.0.parceiro',
      'Código inválido.',
    ],
    [
      'a tolerance of 91 days',
      { tolerancia_quebra_dias: 91 },
      'tolerancia_quebra_dias',
      STORE_MESSAGES.toleranceRange,
    ],
    [
      'a first due date a year and a day away',
      { prazo_maximo_entrada_site: 366 },
      'prazo_maximo_entrada_site',
      POLICY_MESSAGES.range('maxEntryDays'),
    ],
    [
      'second copies without a convênio',
      { loj_emite_segunda_via: true },
      'boleto_convenio',
      STORE_MESSAGES.agreementRequired,
    ],
    [
      'a convênio of 6 digits',
      { boleto_convenio: '123456' },
      'boleto_convenio',
      STORE_MESSAGES.agreementInvalid,
    ],
    ['a bank code of 2 digits', { banco_codigo: '01' }, 'banco_codigo', STORE_MESSAGES.bankCodeInvalid],
    ['a PIX key that is none', { chave_pix: 'chave' }, 'chave_pix', STORE_MESSAGES.pixKeyInvalid],
    [
      'the API Pix without its access',
      { provedor_pagamento: 'pix-api' },
      'pix_api',
      STORE_MESSAGES.pixApiRequired,
    ],
    [
      'a secret in any environment variable',
      { provedor_pagamento: 'pix-api', pix_api: { ...pixApi, clientSecretEnv: 'DATABASE_URL' } },
      'pix_api.clientSecretEnv',
      STORE_MESSAGES.pixApiSecret,
    ],
    [
      'a secret read from any file',
      {
        provedor_pagamento: 'pix-api',
        pix_api: { ...pixApi, clientSecretEnv: '', clientSecretFile: '/etc/passwd' },
      },
      'pix_api.clientSecretEnv',
      STORE_MESSAGES.pixApiSecret,
    ],
    [
      'a certificate path that climbs',
      { provedor_pagamento: 'pix-api', pix_api: { ...pixApi, certPath: '/etc/portal/../../root/x.pem' } },
      'pix_api.certPath',
      STORE_MESSAGES.pixApiPath,
    ],
    [
      'an API over plain http',
      { provedor_pagamento: 'pix-api', pix_api: { ...pixApi, baseUrl: 'http://pix.example' } },
      'pix_api.baseUrl',
      STORE_MESSAGES.pixApiUrl,
    ],
    [
      'a fine of 3%',
      { politica: { ...UNSET_NEGOTIATION_TERMS, lateFineBp: 300 } },
      'politica.lateFineBp',
      POLICY_MESSAGES.range('lateFineBp'),
    ],
  ])('refuses %s', (_name, overrides, field, message) => {
    expect(errors(valid(overrides))).toMatchObject({ [field]: message });
  });

  it('keeps an API Pix access as references, without blank optional ones', () => {
    const store = storeFormSchema.parse(valid({ provedor_pagamento: 'pix-api', pix_api: pixApi }));
    expect(store.pix_api).toEqual({
      baseUrl: pixApi.baseUrl,
      clientId: 'portal',
      clientSecretEnv: 'PIX_API_LOJA_NOVA',
      certPath: pixApi.certPath,
      keyPath: pixApi.keyPath,
    });
  });
});

describe('isValidPixKey', () => {
  it.each([
    ['11222333000181', true],
    ['529.982.247-25', true],
    ['financeiro@loja.com.br', true],
    ['+5511987654321', true],
    ['123e4567-e89b-12d3-a456-426614174000', true],
    ['11987654321', false],
    ['loja', false],
  ])('%s -> %s', (key, expected) => {
    expect(isValidPixKey(key)).toBe(expected);
  });
});
